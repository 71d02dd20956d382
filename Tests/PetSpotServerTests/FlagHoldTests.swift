import Foundation
import PetSpotAPI
import PetSpotDomain
@testable import PetSpotServer
import PetSpotStore
import Testing

/// Flags cannot hide reports in bulk: they count by network (an IPv6 /48, an IPv4 /24), one network
/// causes at most three holds a day, a report younger than an hour is never held on flags alone, and a
/// flag from a network that filed something at least a day before weighs one and a half.
@Suite struct FlagHoldTests {
    struct Setup {
        let store: any PetSpotStorage
        let service: ModerationService
        let history: ClientHistory
        /// On the in-memory store, or `onSQLite` (whose calls run on threads, so parallel flags interleave).
        init(holdAfter: TimeInterval = 3600, onSQLite: Bool = false) async throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("holds-\(UUID().uuidString)")
            let photos = try PhotoStorage(dataDirectory: directory)
            let store: any PetSpotStorage =
                onSQLite ? try await SQLiteStore.open(path: directory.appendingPathComponent("petspot.sqlite").path) : InMemoryStore()
            self.store = store
            let lockout = LockoutPolicy(store: store), tokens = KeyedTokens(secret: String(repeating: "s", count: 32))
            history = ClientHistory(store: store, tokens: tokens)
            var announcements = AnnouncementService(store: store, photos: photos, lockout: lockout)
            announcements.history = history
            var service = ModerationService(
                store: store, announcements: announcements, lockout: lockout, metrics: ServerMetrics(), tokens: tokens,
                threshold: 3, now: Date.init)
            service.holdMinimumAge = holdAfter
            service.history = history
            self.service = service
        }

        /// A report public for `age` seconds.
        func report(age: TimeInterval = 7200) async throws -> Announcement {
            let report = Announcement.mock(createdAt: Date().addingTimeInterval(-age))
            try await store.create(report, passwordHash: "h")
            return report
        }

        func flag(_ report: Announcement, from client: String) async throws -> FlagOutcome {
            try await service.flag(
                FlaggedItem(.report, report.id.rawValue), on: report,
                form: FlagForm(reason: "SCAM", detail: "asks for a deposit"), client: client)
        }

        func isHeld(_ report: Announcement) async throws -> Bool { try await store.find(report.id).moderation != .visible }
    }

    @Test func threeAddressesOfOneHomeLineHoldNothing() async throws {
        let setup = try await Setup()
        for index in 0..<20 {
            let report = try await setup.report()
            // Three /64s of one /56 (what one home line gets), and three IPv4 addresses of one /24.
            for net in ["2001:db8:7:1\(index % 10)00::/64", "2001:db8:7:1\(index % 10)01::/64", "2001:db8:7:1\(index % 10)ff::/64"] {
                _ = try await setup.flag(report, from: net)
            }
            #expect(try await !setup.isHeld(report), "report \(index) held by one line")
        }
        let report = try await setup.report()
        for address in ["192.0.2.7", "192.0.2.8", "192.0.2.200"] { _ = try await setup.flag(report, from: address) }
        #expect(try await !setup.isHeld(report))
    }

    @Test func threeIndependentNetworksStillHoldAScamReport() async throws {
        let setup = try await Setup()
        let report = try await setup.report()
        #expect(try await setup.flag(report, from: "2001:db8:1:1::/64") == .recorded(held: false))
        #expect(try await setup.flag(report, from: "198.51.100.4") == .recorded(held: false))
        #expect(try await setup.flag(report, from: "2001:db8:2:1::/64") == .recorded(held: true))
        #expect(try await setup.isHeld(report))
    }

    @Test func aReportUnderAnHourOldIsNeverHeldOnFlagsAlone() async throws {
        let setup = try await Setup()
        let fresh = try await setup.report(age: 600)
        for client in ["2001:db8:1:1::/64", "198.51.100.4", "2001:db8:2:1::/64", "203.0.113.9"] {
            #expect(try await setup.flag(fresh, from: client) == .recorded(held: false))
        }
        #expect(try await !setup.isHeld(fresh))
        // The flags wait for an operator.
        #expect(try await setup.store.moderationQueue(limit: 50).contains { $0.item.id == fresh.id.rawValue })
    }

    @Test func oneNetworkCausesAtMostThreeHoldsADay() async throws {
        let setup = try await Setup()
        var held = 0
        for index in 0..<6 {
            let report = try await setup.report()
            // Two helpers from elsewhere, then the same third network tips each report.
            _ = try await setup.flag(report, from: "2001:db8:\(index + 10):1::/64")
            _ = try await setup.flag(report, from: "2001:db8:\(index + 40):1::/64")
            if try await setup.flag(report, from: "203.0.113.5") == .recorded(held: true) { held += 1 }
        }
        #expect(held == 3)
    }

    /// The limit holds when one network sends its tipping flags all at once: a hold is taken before a
    /// flag may hold, not counted after it did.
    @Test func oneNetworksParallelFlagsCauseAtMostThreeHolds() async throws {
        let setup = try await Setup(onSQLite: true)
        var reports: [Announcement] = []
        for index in 0..<20 {
            let report = try await setup.report()
            _ = try await setup.flag(report, from: "2001:db8:\(index + 10):1::/64")
            _ = try await setup.flag(report, from: "2001:db8:\(index + 40):1::/64")
            reports.append(report)
        }
        let held = try await withThrowingTaskGroup(of: Bool.self) { group in
            for report in reports { group.addTask { try await setup.flag(report, from: "203.0.113.5") == .recorded(held: true) } }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(held == 3)
        var stillHeld = 0
        for report in reports where try await setup.isHeld(report) { stillHeld += 1 }
        #expect(stillHeld == 3)
        try await setup.store.close()
    }

    /// Networks are cheap (a tunnel broker hands out IPv6 /48s): however many someone has, networks never
    /// seen before complete at most ten holds a day over the whole server; a network with a history still
    /// completes one, and what was not held waits for an operator.
    @Test func networksNeverSeenBeforeHoldAtMostTenReportsADay() async throws {
        let setup = try await Setup()
        var held = 0
        for index in 0..<14 {
            let report = try await setup.report()
            for part in [index * 3 + 100, index * 3 + 101, index * 3 + 102] { _ = try await setup.flag(report, from: "2001:db8:\(part):1::/64") }
            if try await setup.isHeld(report) { held += 1 }
        }
        #expect(held == 10)
        let queued = try await setup.store.moderationQueue(limit: 50).filter { $0.item.kind == .report }
        #expect(queued.count == 14)
        await setup.history.note("198.51.100.77", at: Date().addingTimeInterval(-2 * 86_400))
        let report = try await setup.report()
        _ = try await setup.flag(report, from: "2001:db8:900:1::/64")
        _ = try await setup.flag(report, from: "2001:db8:901:1::/64")
        #expect(try await setup.flag(report, from: "198.51.100.4") == .recorded(held: true), "a known network completes a hold")
    }

    /// History is cheap to make a day ahead (a sighting, a report filed and deleted): however many networks
    /// with a history flag, at most thirty holds complete a day over the whole server; the rest wait for an
    /// operator (found by an attacker's audit).
    @Test func networksWithAHistoryHoldAtMostThirtyReportsADay() async throws {
        let setup = try await Setup()
        let dayAgo = Date().addingTimeInterval(-2 * 86_400)
        var held = 0
        for index in 0..<32 {
            let report = try await setup.report()
            for part in [index * 2 + 10, index * 2 + 11] {
                await setup.history.note("198.51.\(part).7", at: dayAgo)
                _ = try await setup.flag(report, from: "198.51.\(part).8")
            }
            if try await setup.isHeld(report) { held += 1 }
        }
        #expect(held == 30)
        #expect(try await setup.store.moderationQueue(limit: 50).filter { $0.item.kind == .report }.count == 32)
    }

    @Test func networksAreTheWiderBlocks() {
        #expect(ClientKey.network(of: "2001:db8:7:100::/64") == "2001:db8:7::/48")
        #expect(ClientKey.network(of: ClientKey.of("2001:db8:7:1ff::1")) == "2001:db8:7::/48")
        #expect(ClientKey.network(of: "192.0.2.200") == "192.0.2.0/24")
        #expect(ClientKey.network(of: "unknown") == "unknown")
    }

    @Test func twoNetworksThatFiledBeforeHoldWhereTwoFreshOnesDoNot() async throws {
        let setup = try await Setup()
        let dayAgo = Date().addingTimeInterval(-2 * 86_400)
        // They filed a report two days ago, from an address of the same /48 and /24.
        await setup.history.note("2001:db8:5:9::/64", at: dayAgo)
        await setup.history.note("198.51.100.77", at: dayAgo)
        let known = try await setup.report()
        #expect(try await setup.flag(known, from: "2001:db8:5:1::/64") == .recorded(held: false))
        #expect(try await setup.flag(known, from: "198.51.100.4") == .recorded(held: true), "one and a half twice is three")

        let other = try await setup.report()
        #expect(try await setup.flag(other, from: "2001:db8:6:1::/64") == .recorded(held: false))
        #expect(try await setup.flag(other, from: "203.0.113.9") == .recorded(held: false), "two fresh networks are two")
        #expect(try await setup.flag(other, from: "2001:db8:5:2::/64") == .recorded(held: true), "and a known third holds it")
    }

    @Test func historyMadeOnTheSpotWeighsNothingExtra() async throws {
        let setup = try await Setup()
        await setup.history.note("2001:db8:5:9::/64", at: Date().addingTimeInterval(-600))
        await setup.history.note("198.51.100.77", at: Date().addingTimeInterval(-600))
        let report = try await setup.report()
        #expect(try await setup.flag(report, from: "2001:db8:5:1::/64") == .recorded(held: false))
        #expect(try await setup.flag(report, from: "198.51.100.4") == .recorded(held: false))
        #expect(try await !setup.isHeld(report))
    }

    @Test func filingAReportIsWhatMakesHistory() async throws {
        let setup = try await Setup()
        let filed = ValidatedAnnouncement(
            species: "DOG", sex: "MALE", location: Coordinate(latitude: 52.2, longitude: 21.0), email: "finder@example.com",
            lastSeenDate: "2026-11-20", status: .found)
        _ = try await setup.service.announcements.create(filed, client: "192.0.2.10")
        let network = ClientKey.network(of: "192.0.2.10")
        #expect(try await setup.history.weight(of: network, at: Date()) == Flag.freshWeight, "not yet a day old")
        #expect(try await setup.history.weight(of: network, at: Date().addingTimeInterval(86_500)) == Flag.knownWeight)
        #expect(try await setup.history.weight(of: "192.0.3.0/24", at: Date().addingTimeInterval(86_500)) == Flag.freshWeight)
    }
}
