import Foundation
import PetSpotDomain
import PetSpotStore
import PetSpotTestSupport
import Testing

/// The outbox, matched pairs and match candidates, on every backend.
@Suite struct OutboxContractTests {
    static let t0 = Date(timeIntervalSince1970: 1_790_000_000)

    static func mail(_ text: String, at time: Date = t0) -> OutboxEntry {
        OutboxEntry(kind: .email, payload: text, createdAt: time)
    }

    static func report(
        _ status: AnnouncementStatus, chip: String? = nil, species: String = "DOG", photo: Bool = true,
        at location: Coordinate = Coordinate(latitude: 52.23, longitude: 21.01), date: String = "2026-10-01"
    ) -> Announcement {
        var a = Announcement.mock(microchipNumber: chip, location: location, photoURL: photo ? "/images/p.jpg" : nil)
        a.status = status
        a.species = species
        a.lastSeenDate = date
        return a
    }

    @Test(arguments: StoreBackend.all)
    func entriesAreClaimedOnceALeaseAndFinishedOnce(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let first = Self.mail("first"), second = Self.mail("second", at: Self.t0 + 1)
            try await store.create(Announcement.mock(), passwordHash: "h", outbox: [second, first])
            let claimed = try await store.claimOutbox(now: Self.t0 + 2, lease: 60, limit: 10)
            #expect(claimed.map(\.payload) == ["first", "second"] && claimed.allSatisfy { $0.attempts == 1 })
            #expect(try await store.claimOutbox(now: Self.t0 + 30, lease: 60, limit: 10).isEmpty, "held by the lease")
            // The claimant "died": after the lease the entries are due again, with the attempt counted.
            let again = try await store.claimOutbox(now: Self.t0 + 63, lease: 60, limit: 1)
            #expect(again.map(\.payload) == ["first"] && again[0].attempts == 2)

            #expect(try await store.completeOutbox(first.id, at: Self.t0 + 64, notices: []))
            #expect(try await store.completeOutbox(first.id, at: Self.t0 + 65, notices: []) == false, "done only once")
            let records = try await store.outbox()
            #expect(records.map(\.state) == [.done, .pending])
            #expect(records[0].entry.payload.isEmpty, "a sent message's body (it may hold a code) is erased")
            #expect(records[1].entry.payload == "second")
        }
    }

    @Test(arguments: StoreBackend.all)
    func failuresRetryLaterOrGiveUp(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let entry = Self.mail("retry me")
            try await store.create(Announcement.mock(), passwordHash: "h", outbox: [entry])
            _ = try await store.claimOutbox(now: Self.t0, lease: 60, limit: 10)
            try await store.failOutbox(entry.id, error: "451 try later", retryAt: Self.t0 + 5)
            #expect(try await store.claimOutbox(now: Self.t0 + 4, lease: 60, limit: 10).isEmpty)
            #expect(try await store.claimOutbox(now: Self.t0 + 5, lease: 60, limit: 10).map(\.payload) == ["retry me"], "kept to be tried again")
            try await store.failOutbox(entry.id, error: "550 no such user", retryAt: nil)
            #expect(try await store.claimOutbox(now: Self.t0 + 9_999, lease: 60, limit: 10).isEmpty)
            let record = try #require(try await store.outbox().first)
            #expect(record.state == .failed && record.lastError == "550 no such user" && record.entry.attempts == 2)
            #expect(record.entry.payload.isEmpty, "a message given up on is never sent: its body (it may hold a code) is erased")
        }
    }

    @Test(arguments: StoreBackend.all)
    func nothingIsQueuedWhenTheChangeFails(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            try await store.create(Self.report(.missing, chip: "777"), passwordHash: "h", outbox: [Self.mail("kept")])
            await #expect(throws: StoreError.conflict(field: "microchipNumber")) {
                try await store.create(Self.report(.missing, chip: "777"), passwordHash: "h", outbox: [Self.mail("lost")])
            }
            let report = Self.report(.found)
            try await store.create(report, passwordHash: "h")
            await #expect(throws: StoreError.notFound) {
                _ = try await store.setPhoto(
                    AnnouncementID("gone"), url: "/images/gone.jpg", file: "gone.1.jpg", at: Self.t0,
                    outbox: [Self.mail("lost too")])
            }
            _ = try await store.setPhoto(report.id, url: "/images/new.jpg", file: "new.1.jpg", at: Self.t0, outbox: [Self.mail("photo")])
            #expect(try await store.outbox().map(\.entry.payload).sorted() == ["kept", "photo"])
        }
    }

    @Test(arguments: StoreBackend.all)
    func aPairIsNotifiedOnce(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let missing = AnnouncementID("m"), found = AnnouncementID("f")
            let scans = [Self.mail("scan 1"), Self.mail("scan 2", at: Self.t0 + 1)]
            try await store.create(Announcement.mock(), passwordHash: "h", outbox: scans)
            _ = try await store.claimOutbox(now: Self.t0 + 2, lease: 60, limit: 10)
            #expect(
                try await store.completeOutbox(
                    scans[0].id, at: Self.t0 + 3,
                    notices: [
                        MatchNotice(missing: missing, found: found, message: Self.mail("you have a match", at: Self.t0 + 3))
                    ]))
            #expect(
                try await store.completeOutbox(
                    scans[1].id, at: Self.t0 + 4,
                    notices: [
                        MatchNotice(missing: missing, found: found, message: Self.mail("the same match again", at: Self.t0 + 4)),
                        MatchNotice(missing: missing, found: AnnouncementID("f2"), message: Self.mail("another match", at: Self.t0 + 4)),
                    ]))
            let pending = try await store.outbox().filter { $0.state == .pending }.map(\.entry.payload)
            #expect(pending == ["you have a match", "another match"])
        }
    }

    @Test(arguments: StoreBackend.all)
    func aChipIsUniquePerKindAmongOpenReports(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let missing = Self.report(.missing, chip: "555")
            try await store.create(missing, passwordHash: "h")
            try await store.create(Self.report(.found, chip: "555"), passwordHash: "h")
            await #expect(throws: StoreError.conflict(field: "microchipNumber")) {
                try await store.create(Self.report(.found, chip: "555"), passwordHash: "h")
            }
            _ = try await store.update(missing.id, changes: AnnouncementChanges(status: .closed), at: Self.t0)
            let lostAgain = Self.report(.missing, chip: "555")
            try await store.create(lostAgain, passwordHash: "h")
            await #expect(throws: StoreError.conflict(field: "microchipNumber")) {
                _ = try await store.update(missing.id, changes: AnnouncementChanges(status: .missing), at: Self.t0)
            }
            #expect(try await store.find(missing.id).status == .closed)
        }
    }

    @Test(arguments: StoreBackend.all)
    func matchCandidatesAreOpenVisibleReportsOfTheOtherKindNearbyOrChipped(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let missing = Self.report(.missing, chip: "123", date: "2026-10-01")
            let near = Self.report(.found, at: Coordinate(latitude: 52.3, longitude: 21.1), date: "2026-10-05")
            let chippedFarAway = Self.report(.found, chip: "123", at: Coordinate(latitude: 50.06, longitude: 19.94), date: "2027-06-01")
            let tooFar = Self.report(.found, at: Coordinate(latitude: 52.6, longitude: 21.01), date: "2026-10-05")
            let tooLate = Self.report(.found, date: "2026-12-01")
            let hidden = Self.report(.found, photo: false, date: "2026-10-05")
            let closed = Self.report(.closed, date: "2026-10-05")
            let sameKind = Self.report(.missing, date: "2026-10-05")
            for report in [missing, near, chippedFarAway, tooFar, tooLate, hidden, closed, sameKind] {
                try await store.create(report, passwordHash: "h")
            }
            let candidates = Set(try await store.matchCandidates(for: missing).map(\.id))
            #expect(candidates == [near.id, chippedFarAway.id])
            // The other way round the found report sees both open missing reports lost up to 60 days before it.
            let fromFound = Set(try await store.matchCandidates(for: near).map(\.id))
            #expect(fromFound == [missing.id, sameKind.id])
        }
    }

    @Test(arguments: StoreBackend.all)
    func matchCandidatesAcrossTheDateLine(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let missing = Self.report(.missing, at: Coordinate(latitude: -16.5, longitude: 179.95))
            let found = Self.report(.found, at: Coordinate(latitude: -16.5, longitude: -179.95), date: "2026-10-02")
            try await store.create(missing, passwordHash: "h")
            try await store.create(found, passwordHash: "h")
            #expect(try await store.matchCandidates(for: found).map(\.id) == [missing.id])
            #expect(try await store.matchCandidates(for: missing).map(\.id) == [found.id])
        }
    }
}
