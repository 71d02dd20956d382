import Foundation
import PetSpotDomain
import PetSpotStore
import PetSpotTestSupport
import Testing

/// The search plan on every backend: the plan's band moves once (of two instances asking at once, one queues),
/// only open missing reports whose days-gone band passed their plan's are due, ticks and the e-mail
/// switch stay, searched areas are listed newest first and limited, the directory is replaced whole,
/// and the alert geo index finds the circles that meet a likely area.
extension StoreContractTests {
    @Test(arguments: StoreBackend.all)
    func plansAreDueByTheirBandAndMoveOnce(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let today = ReportDate("2026-03-20")!
            func day(_ daysGone: Int) -> String { ReportDate.adding(-daysGone, to: today).text }
            let fresh = Announcement.mock(species: "CAT", lastSeenDate: day(1))
            let third = Announcement.mock(species: "CAT", lastSeenDate: day(3))
            let tenth = Announcement.mock(species: "DOG", lastSeenDate: day(10))
            let old = Announcement.mock(lastSeenDate: day(60))
            let found = Announcement.mock(lastSeenDate: day(3), status: .found)
            let answers = SearchAnswers(lifestyle: .indoorOnly)
            try await store.create(third, privateDetails: PrivateDetails(reportedAs: .missing, searchAnswers: answers), passwordHash: "h", outbox: [])
            for report in [fresh, tenth, old, found] { try await store.create(report, passwordHash: "h") }

            let due = try await store.searchPlansDue(today: today, limit: 10)
            // Most recently seen first; the 60-day-old and the found report are not followed.
            #expect(due.map(\.report.id) == [fresh.id, third.id, tenth.id])
            #expect(due[1].answers == answers && due[1].state == SearchPlanState() && due[1].report == third)

            // Two instances move the same plan at once: one wins and queues its entry.
            let entry: @Sendable () -> OutboxEntry = {
                OutboxEntry(kind: .areaScan, payload: third.id.rawValue, createdAt: Date(timeIntervalSince1970: 1_800_000_000))
            }
            async let first = store.advanceSearchPlan(third.id, to: .days2to3, outbox: [entry()])
            async let second = store.advanceSearchPlan(third.id, to: .days2to3, outbox: [entry()])
            let moved = try await [first, second]
            #expect(moved.filter { $0 }.count == 1)
            #expect(try await store.outbox().filter { $0.entry.kind == .areaScan }.count == 1)
            #expect(try await store.searchPlanState(of: third.id).band == .days2to3)
            // Not due again in the same band; due again when the band passes.
            #expect(try await !store.searchPlansDue(today: today, limit: 10).map(\.report.id).contains(third.id))
            #expect(try await store.searchPlansDue(today: ReportDate.adding(1, to: today), limit: 10).map(\.report.id).contains(third.id))
            #expect(try await !store.advanceSearchPlan(third.id, to: .firstDay, outbox: [entry()]))
            _ = try await store.advanceSearchPlan(fresh.id, to: .firstDay, outbox: [])
            #expect(try await store.searchPlansDue(today: today, limit: 10).map(\.report.id) == [tenth.id])
            #expect(try await store.searchPlansDue(today: today, limit: 1).count == 1)

            // A closed report is no longer due.
            _ = try await store.update(tenth.id, changes: AnnouncementChanges(status: .closed), at: Date())
            #expect(try await store.searchPlansDue(today: today, limit: 10).isEmpty)
            await #expect(throws: StoreError.notFound) { try await store.advanceSearchPlan(AnnouncementID("nope"), to: .later, outbox: []) }
        }
    }

    @Test(arguments: StoreBackend.all)
    func planTicksAndTheMailSwitchStay(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let report = Announcement.mock(species: "CAT", lastSeenDate: "2026-03-17")
            try await store.create(report, passwordHash: "h")
            #expect(try await store.searchPlanState(of: report.id) == SearchPlanState())
            // Ticks at once do not overwrite each other.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for step in [SearchPlanStep.printFlyer, .feedingStation, .humaneTrap] {
                    group.addTask { try await store.markPlanStep(step, doneOn: "2026-03-19", of: report.id) }
                }
                try await group.waitForAll()
            }
            try await store.markPlanStep(.humaneTrap, doneOn: nil, of: report.id)
            try await store.setPlanMail(off: true, of: report.id)
            let state = try await store.searchPlanState(of: report.id)
            #expect(state.done == [.printFlyer: "2026-03-19", .feedingStation: "2026-03-19"] && state.mailOff && state.band == nil)
            try await store.setPlanMail(off: false, of: report.id)
            #expect(try await !store.searchPlanState(of: report.id).mailOff)
            await #expect(throws: StoreError.notFound) { try await store.searchPlanState(of: AnnouncementID("nope")) }
            await #expect(throws: StoreError.notFound) { try await store.markPlanStep(.printFlyer, doneOn: "2026-03-19", of: AnnouncementID("nope")) }
            // Deleting the report deletes its plan.
            _ = try await store.delete(report.id)
            await #expect(throws: StoreError.notFound) { try await store.searchPlanState(of: report.id) }
        }
    }

    @Test(arguments: StoreBackend.all)
    func searchedAreasAndTheDirectory(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let report = Announcement.mock(), other = Announcement.mock()
            for item in [report, other] { try await store.create(item, passwordHash: "h") }
            let older = SearchedArea(center: Coordinate(latitude: 51.1, longitude: 17.0), radiusMeters: 250, searchedOn: "2026-03-18")
            let newer = SearchedArea(center: Coordinate(latitude: 51.102, longitude: 17.01), radiusMeters: 500, searchedOn: "2026-03-19")
            try await store.addSearchedArea(older, to: report.id)
            try await store.addSearchedArea(newer, to: report.id)
            #expect(try await store.searchedAreas(of: report.id) == [newer, older])
            // The public page's one read: the answers and the areas.
            try await store.setSearchAnswers(SearchAnswers(temperament: .shy), of: report.id)
            let look = try await store.whereToLook(of: report.id)
            #expect(look.answers == SearchAnswers(temperament: .shy) && look.areas == [newer, older])
            let none = try await store.whereToLook(of: other.id)
            #expect(none.answers == SearchAnswers() && none.areas.isEmpty)
            await #expect(throws: StoreError.notFound) { try await store.whereToLook(of: AnnouncementID("nope")) }
            #expect(try await store.searchedAreas(of: other.id).isEmpty)
            // Another report's owner cannot remove it.
            #expect(try await !store.removeSearchedArea(older.id, of: other.id))
            #expect(try await store.removeSearchedArea(older.id, of: report.id))
            #expect(try await store.searchedAreas(of: report.id) == [newer])
            await #expect(throws: StoreError.notFound) { try await store.addSearchedArea(older, to: AnnouncementID("nope")) }
            for index in 1..<SearchedArea.limit {
                try await store.addSearchedArea(SearchedArea(center: older.center, radiusMeters: 100, searchedOn: "2026-03-1\(index % 10)"), to: report.id)
            }
            await #expect(throws: StoreError.conflict(field: "area")) { try await store.addSearchedArea(older, to: report.id) }
            _ = try await store.delete(report.id)
            #expect(try await store.searchedAreas(of: report.id).isEmpty)

            let shelter = DirectoryPlace(
                kind: .shelter, name: "Schronisko Na Paluchu", address: "ul. Paluch 2, Warszawa", phone: "+48 22 868 15 79",
                hours: "Mon–Sun 10–18", location: Coordinate(latitude: 52.1735, longitude: 20.9407))
            let vet = DirectoryPlace(
                kind: .vet, name: "Vet \"O'Brien\", Mokotów", address: "ul. Puławska 1", phone: nil, hours: nil,
                location: Coordinate(latitude: 52.2, longitude: 21.02))
            try await store.replaceDirectory([shelter, vet])
            #expect(try await store.directoryPlaces() == [shelter, vet])
            try await store.replaceDirectory([vet])
            #expect(try await store.directoryPlaces() == [vet])
        }
    }

    @Test(arguments: StoreBackend.all)
    func subscriptionsThatMeetALikelyArea(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let t0 = Date(timeIntervalSince1970: 1_800_000_000)
            let warsaw = Coordinate(latitude: 52.2297, longitude: 21.0122)
            // A 1 km circle whose centre is 2.5 km north of the point.
            let north = Self.subscription("north@example.com", at: Coordinate(latitude: 52.2297 + 2.5 / 111.2, longitude: 21.0122), km: 1, created: t0)
            try await store.createSubscription(north, outbox: [])
            _ = try await store.confirmSubscription(north.id, at: t0)
            #expect(try await store.subscriptions(covering: warsaw).isEmpty)
            #expect(try await store.subscriptions(covering: warsaw, within: 1.3).isEmpty)
            #expect(try await store.subscriptions(covering: warsaw, within: 1.6).map(\.email) == ["north@example.com"])
        }
    }
}
