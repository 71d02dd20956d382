import Foundation
import PetSpotDomain
import PetSpotStore
import PetSpotTestSupport
import Testing

/// Sightings on every backend: kept with their report, newest first, hidden on the owner's
/// word; one owner notice waits at a time, and sightings added after a notice went wait out the gap;
/// watchers are told once and forgotten; everything goes with the report.
extension StoreContractTests {
    @Test(arguments: StoreBackend.all)
    func sightingsFoldIntoOneNoticePerGapAndGoWithTheReport(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let report = Announcement.mock(photoURL: "/images/r.png")
            try await store.create(report, passwordHash: "h")
            let t0 = Date(timeIntervalSince1970: 1_800_000_000)
            func sighting(_ minutes: Double, note: String) -> Sighting {
                Sighting(
                    reportID: report.id, seenAt: t0.addingTimeInterval(minutes * 60 - 3600),
                    location: Coordinate(latitude: 52.2, longitude: 21.0), note: note, createdAt: t0.addingTimeInterval(minutes * 60))
            }
            let first = sighting(0, note: "by the river"), second = sighting(1, note: "near the bakery")
            try await store.addSighting(first, photoFile: nil, watcher: SightingWatcher(email: "seen@example.com", language: "pl"), noticeGap: 600)
            try await store.addSighting(second, photoFile: nil, watcher: nil, noticeGap: 600)
            await #expect(throws: StoreError.notFound) {
                try await store.addSighting(
                    Sighting(
                        reportID: AnnouncementID("nope"), seenAt: t0, location: first.location, note: nil,
                        createdAt: t0), photoFile: nil, watcher: nil, noticeGap: 600)
            }
            #expect(try await store.sightings(of: report.id, includeHidden: false).map(\.note) == ["near the bakery", "by the river"])

            // One notice waits for both.
            var claimed = try await store.claimOutbox(now: t0.addingTimeInterval(120), lease: 60, limit: 10).filter { $0.kind == .sightingNotice }
            #expect(claimed.map(\.payload) == [report.id.rawValue])
            #expect(try await store.sightingsToNotify(of: report.id).map(\.id) == [first.id, second.id])
            // The worker told of the first only (the second came while it wrote): the next notice waits the gap.
            let sent = t0.addingTimeInterval(130)
            #expect(try await store.completeSightingNotice(claimed[0].id, report: report.id, told: [first.id], mail: nil, at: sent, noticeGap: 600))
            #expect(try await !store.completeSightingNotice(claimed[0].id, report: report.id, told: [], mail: nil, at: sent, noticeGap: 600))
            #expect(try await store.claimOutbox(now: sent.addingTimeInterval(599), lease: 60, limit: 10).filter { $0.kind == .sightingNotice }.isEmpty)
            claimed = try await store.claimOutbox(now: sent.addingTimeInterval(601), lease: 60, limit: 10).filter { $0.kind == .sightingNotice }
            #expect(claimed.count == 1)
            #expect(try await store.sightingsToNotify(of: report.id).map(\.id) == [second.id])
            #expect(
                try await store.completeSightingNotice(
                    claimed[0].id, report: report.id, told: [second.id], mail: nil,
                    at: sent.addingTimeInterval(601), noticeGap: 600))
            #expect(try await store.sightingsToNotify(of: report.id).isEmpty)

            // Hidden: gone from the public list and the notices, kept for the owner.
            try await store.setSightingHidden(second.id, of: report.id, hidden: true)
            #expect(try await store.sightings(of: report.id, includeHidden: false).map(\.id) == [first.id])
            #expect(try await store.sightings(of: report.id, includeHidden: true).first { $0.id == second.id }?.hidden == true)
            await #expect(throws: StoreError.notFound) { try await store.setSightingHidden(second.id, of: AnnouncementID("other"), hidden: false) }

            // Watchers are told once; their addresses go.
            try await store.takeSightingWatchers(of: report.id) { watchers in
                #expect(watchers == [SightingWatcher(email: "seen@example.com", language: "pl")])
                return watchers.map { OutboxEntry(kind: .email, payload: $0.email, createdAt: t0) }
            }
            try await store.takeSightingWatchers(of: report.id) { watchers in
                #expect(watchers.isEmpty)
                return []
            }
            #expect(try await store.outbox().filter { $0.entry.kind == .email }.map(\.entry.payload) == ["seen@example.com"])

            // A sighting's photo is served while the sighting and its report are visible (found by an audit:
            // a report hidden by an operator kept its sightings' photos public).
            var pictured = sighting(2, note: "by the school")
            pictured.photoURL = "/images/sighting-\(pictured.id).jpeg"
            let url = try #require(pictured.photoURL)
            try await store.addSighting(pictured, photoFile: "sighting-\(pictured.id).jpeg", watcher: nil, noticeGap: 600)
            #expect(try await store.sightingPhotoFile(pictured.id, url: url, includeHidden: false) == "sighting-\(pictured.id).jpeg")
            #expect(try await store.sightingPhotoFile(pictured.id, url: "/images/other.jpeg", includeHidden: false) == nil)
            _ = try await store.decide(
                FlaggedItem(.report, report.id.rawValue), .hide,
                audit: AuditEntry(at: t0, actor: "ola", action: "hide", itemKind: "report", itemID: report.id.rawValue)
            ) { _ in [] }
            #expect(try await store.sightingPhotoFile(pictured.id, url: url, includeHidden: false) == nil, "its report is hidden")
            #expect(try await store.sightingPhotoFile(pictured.id, url: url, includeHidden: true) != nil, "the operator still sees it")

            _ = try await store.delete(report.id)
            #expect(try await store.sightings(of: report.id, includeHidden: true).isEmpty)
        }
    }
}

/// The contact quota: granted atomically (parallel requests get no more than the limit),
/// over a window of slots, so no rolling hour sees more than the limit.
extension StoreContractTests {
    @Test(arguments: StoreBackend.all)
    func theContactQuotaHoldsUnderConcurrency(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            func take(_ client: String, _ slot: Int, _ amount: Int) async throws -> Int {
                try await store.takeContactQuota(client: client, slot: slot, amount: amount, limit: 25, window: 7)
            }
            let granted = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<40 { group.addTask { try await take("10.0.0.1", 500_000, 1) } }
                return try await group.reduce(0, +)
            }
            #expect(granted == 25)
            #expect(try await take("10.0.0.1", 500_000, 1) == 0)
            #expect(try await take("10.0.0.2", 500_000, 30) == 25, "another client; a grant is cut to what is left")
            #expect(try await take("10.0.0.1", 500_006, 5) == 0, "six slots later the first slot still counts")
            #expect(try await take("10.0.0.1", 500_007, 5) == 5, "seven slots later it has left the window")
            #expect(try await take("10.0.0.3", 500_007, 10) == 10)
            #expect(try await take("10.0.0.3", 500_008, 20) == 15, "what the window leaves")
        }
    }
}
