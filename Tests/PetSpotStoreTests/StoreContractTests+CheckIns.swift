import Foundation
import PetSpotDomain
import PetSpotStore
import PetSpotTestSupport
import Testing

/// The "still missing?" check-ins on every backend: asked first after `first`, then every
/// `every`; closed reports and reports without an address are never asked; each e-mail's links work
/// once; a report unconfirmed since the cutoff leaves the list until it is confirmed again.
extension StoreContractTests {
    @Test(arguments: StoreBackend.all)
    func checkInsAreDueOnScheduleUsedOnceAndStaleReportsLeaveTheList(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let created = Date(timeIntervalSince1970: 1_800_000_000)
            let day: TimeInterval = 86_400
            var asked = Announcement.mock(photoURL: "/images/a.png", createdAt: created)
            asked.email = "owner@example.pl"
            var silent = Announcement.mock(photoURL: "/images/b.png", createdAt: created)
            silent.email = nil
            var closed = Announcement.mock(photoURL: "/images/c.png", createdAt: created)
            closed.status = .closed
            for report in [asked, silent, closed] { try await store.create(report, passwordHash: "h") }
            @Sendable func claim(_ now: Date) async throws -> [CheckInDue] {
                let box = LockedDue()
                _ = try await store.claimCheckIns(
                    now: now, first: 7 * day, every: 14 * day, newSince: created.addingTimeInterval(-30 * day),
                    limit: 10
                ) { due in
                    box.set(due)
                    return due.map { OutboxEntry(kind: .email, payload: "check-in \($0.report.id.rawValue) #\($0.sequence)", createdAt: now) }
                }
                return box.value
            }
            #expect(try await claim(created.addingTimeInterval(6 * day)).isEmpty, "not before a week")
            let first = try await claim(created.addingTimeInterval(7 * day + 60))
            #expect(first.map(\.report.id) == [asked.id] && first.first?.sequence == 1)
            #expect(try await claim(created.addingTimeInterval(8 * day)).isEmpty, "asked once until the next is due")
            let second = try await claim(created.addingTimeInterval(21 * day + 120))
            #expect(second.map(\.sequence) == [2])
            #expect(try await store.outbox().filter { $0.entry.payload.hasPrefix("check-in") }.count == 2)

            // The old e-mail's links are spent; the latest works once.
            #expect(try await !store.confirmCheckIn(asked.id, sequence: 1, at: created.addingTimeInterval(22 * day)))
            #expect(try await store.confirmCheckIn(asked.id, sequence: 2, at: created.addingTimeInterval(22 * day)))
            #expect(try await !store.confirmCheckIn(asked.id, sequence: 2, at: created.addingTimeInterval(22 * day)))
            #expect(try await store.lastConfirmation(of: asked.id) == created.addingTimeInterval(22 * day))
            #expect(try await store.lastConfirmation(of: silent.id) == nil)

            // 90 days without a confirmation: out of the list (the report stays); never-asked reports stay listed.
            let cutoff = Timestamp.string(created.addingTimeInterval(22 * day + 1))
            let listed = try await store.list(AnnouncementQuery(confirmedSince: cutoff)).map(\.id)
            #expect(!listed.contains(asked.id) && listed.contains(silent.id))
            let near = AnnouncementQuery(nearby: .init(center: asked.location, radiusKm: 5), confirmedSince: cutoff)
            #expect(!(try await store.list(near).map(\.id)).contains(asked.id), "the nearby search too")
            #expect(try await store.find(asked.id) == asked)
            // The owner lists it again.
            #expect(try await store.confirmCheckIn(asked.id, sequence: nil, at: created.addingTimeInterval(30 * day)))
            #expect(try await store.list(AnnouncementQuery(confirmedSince: cutoff)).map(\.id).contains(asked.id))
        }
    }
}

extension StoreContractTests {
    /// An address with something due is asked, in the same claim, about its reports due within the window;
    /// from then on they fall due together. Another address's report waits for its own time.
    @Test(arguments: StoreBackend.all)
    func checkInsDueWithinTheWindowJoinTheirAddressesClaim(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let created = Date(timeIntervalSince1970: 1_800_000_000)
            let (day, hour): (TimeInterval, TimeInterval) = (86_400, 3600)
            func report(_ email: String, after hours: Double) -> Announcement {
                var report = Announcement.mock(photoURL: "/images/\(UUID().uuidString).png", createdAt: created.addingTimeInterval(hours * hour))
                report.email = email
                return report
            }
            let early = report("shelter@example.pl", after: 0), late = report("shelter@example.pl", after: 20)
            let tooLate = report("shelter@example.pl", after: 30), other = report("owner@example.pl", after: 10)
            for report in [early, late, tooLate, other] { try await store.create(report, passwordHash: "h") }
            @Sendable func claim(_ now: Date) async throws -> Set<AnnouncementID> {
                let box = LockedDue()
                _ = try await store.claimCheckIns(
                    now: now, first: 7 * day, every: 14 * day, newSince: created.addingTimeInterval(-30 * day), window: day, limit: 10
                ) { due in
                    box.set(due)
                    return []
                }
                return Set(box.value.map(\.report.id))
            }
            #expect(try await claim(created.addingTimeInterval(7 * day + 60)) == [early.id, late.id], "the shelter's reports of the next day")
            #expect(try await claim(created.addingTimeInterval(7 * day + 11 * hour)) == [other.id])
            #expect(try await claim(created.addingTimeInterval(7 * day + 31 * hour)) == [tooLate.id], "past the window: its own time")
            #expect(try await claim(created.addingTimeInterval(21 * day + 120)) == [early.id, late.id], "asked again together")
        }
    }
}

/// The claimed check-ins, handed out of the store's closure.
final class LockedDue: @unchecked Sendable {
    private let lock = NSLock()
    private var due: [CheckInDue] = []
    func set(_ value: [CheckInDue]) { lock.withLock { due = value } }
    var value: [CheckInDue] { lock.withLock { due } }
}
