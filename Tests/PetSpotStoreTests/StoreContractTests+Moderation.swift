import Foundation
import PetSpotDomain
import PetSpotStore
import PetSpotTestSupport
import Testing

/// Moderation on every backend: one flag per client, a hold at the threshold that takes the
/// report out of every public list, decisions with their trail, duplicates that move sightings, blocks,
/// the append-only trail, look-ups and operators' one-time TOTP steps.
extension StoreContractTests {
    @Test(arguments: StoreBackend.all)
    func flagsFromDistinctClientsHoldAReportOutOfEveryList(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let report = Announcement.mock(photoURL: "/images/r.png")
            try await store.create(report, passwordHash: "h")
            let at = Date(timeIntervalSince1970: 1_800_000_000)
            func flag(_ client: String) async throws -> FlagOutcome {
                try await store.addFlag(
                    Flag(
                        item: FlaggedItem(.report, report.id.rawValue), reportID: report.id, client: client,
                        reason: .scam, detail: "asks for money", createdAt: at), threshold: 3 * Flag.freshWeight
                ) { held in
                    [OutboxEntry(kind: .email, payload: "held \(held.id.rawValue)", createdAt: at)]
                }
            }
            #expect(try await flag("10.0.0.1") == .recorded(held: false))
            #expect(try await flag("10.0.0.1") == .alreadyFlagged, "one flag per client")
            #expect(try await flag("10.0.0.2") == .recorded(held: false))
            #expect(try await store.list(AnnouncementQuery()).map(\.id) == [report.id], "listed below the threshold")
            #expect(try await flag("2001:db8::/64") == .recorded(held: true))
            #expect(try await flag("10.0.0.4") == .recorded(held: false), "held once")
            #expect(try await store.list(AnnouncementQuery()).isEmpty)
            #expect(try await store.list(AnnouncementQuery(nearby: .init(center: report.location, radiusKm: 10))).isEmpty)
            #expect(try await store.matchCandidates(for: Announcement.mock(location: report.location, status: .found)).isEmpty)
            #expect(try await store.find(report.id).moderation == .held)
            #expect(try await store.photoFile(of: report.id, url: "/images/r.png", includeModerated: false) == nil, "its photo is not served")
            #expect(try await store.photoFile(of: report.id, url: "/images/r.png") == "r.png", "nor swept")
            #expect(try await store.outbox().contains { $0.entry.payload == "held \(report.id.rawValue)" }, "the reporter is told")
            let queue = try await store.moderationQueue(limit: 10)
            #expect(queue.map(\.item) == [FlaggedItem(.report, report.id.rawValue)] && queue.first?.flags == 4 && queue.first?.state == .held)
            #expect(try await store.flags(on: FlaggedItem(.report, report.id.rawValue)).map(\.client).count == 4)
            #expect(try await store.moderationStats() == ModerationStats(queued: 1, held: 1, oldestFlaggedAt: at))
            let hold = try await store.auditTrail(before: nil, limit: 10)
            #expect(hold.map(\.action) == ["hold"] && hold.first?.actor == "system")

            // Restored: listed again, out of the queue, and new flags count from zero. Those already heard
            // and overruled cannot flag again, so the same networks cannot hold it again at once.
            _ = try await store.decide(
                FlaggedItem(.report, report.id.rawValue), .restore,
                audit: AuditEntry(at: at, actor: "ola", action: "restore", itemKind: "report", itemID: report.id.rawValue)
            ) { _ in [] }
            #expect(try await store.list(AnnouncementQuery()).map(\.id) == [report.id])
            #expect(try await store.moderationQueue(limit: 10).isEmpty)
            for client in ["10.0.0.1", "10.0.0.2", "2001:db8::/64", "10.0.0.4"] { #expect(try await flag(client) == .alreadyFlagged, "\(client)") }
            #expect(try await store.find(report.id).moderation != .held, "not held again")
            #expect(try await flag("10.0.0.5") == .recorded(held: false))
            #expect(try await store.moderationQueue(limit: 10).first?.flags == 1)
            #expect(try await store.auditTrail(before: nil, limit: 10).map(\.action) == ["restore", "hold"])
        }
    }

    /// The queue in pages: every flagged item is on exactly one, in the queue's order.
    @Test(arguments: StoreBackend.all)
    func theQueueIsReadInPages(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let at = Date(timeIntervalSince1970: 1_800_000_000)
            var flagged: [String] = []
            for index in 0..<5 {
                let report = Announcement.mock(createdAt: at)
                try await store.create(report, passwordHash: "h")
                let flag = Flag(
                    item: FlaggedItem(.report, report.id.rawValue), reportID: report.id, client: "10.0.0.1", reason: .scam,
                    createdAt: at.addingTimeInterval(Double(index)))
                _ = try await store.addFlag(flag, threshold: 100) { _ in [] }
                flagged.append(report.id.rawValue)
            }
            let pages = [
                try await store.moderationQueue(limit: 2, offset: 0), try await store.moderationQueue(limit: 2, offset: 2),
                try await store.moderationQueue(limit: 2, offset: 4),
            ]
            #expect(pages.map(\.count) == [2, 2, 1])
            #expect(pages.flatMap { $0.map(\.item.id) } == flagged, "oldest first, each once")
        }
    }

    @Test(arguments: StoreBackend.all)
    func decisionsHideMarkDuplicatesMoveSightingsAndDelete(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let at = Date(timeIntervalSince1970: 1_800_000_000)
            let original = Announcement.mock(photoURL: "/images/o.png", createdAt: at)
            let copy = Announcement.mock(photoURL: "/images/c.png", createdAt: at.addingTimeInterval(60))
            for report in [original, copy] { try await store.create(report, passwordHash: "h") }
            let sighting = Sighting(reportID: copy.id, seenAt: at, location: copy.location, note: "by the bridge", createdAt: at)
            try await store.addSighting(sighting, photoFile: nil, watcher: nil, noticeGap: 60)
            func audit(_ action: String) -> AuditEntry { AuditEntry(at: at, actor: "ola", action: action, itemKind: "report", itemID: copy.id.rawValue) }

            await #expect(throws: StoreError.notFound) {
                try await store.decide(FlaggedItem(.report, copy.id.rawValue), .duplicate(of: copy.id), audit: audit("duplicate")) { _ in [] }
            }
            _ = try await store.decide(FlaggedItem(.report, copy.id.rawValue), .duplicate(of: original.id), audit: audit("duplicate")) { _ in [] }
            let marked = try await store.find(copy.id)
            #expect(marked.moderation == .duplicate && marked.duplicateOf == original.id)
            #expect(try await store.sightings(of: original.id, includeHidden: false).map(\.id) == [sighting.id], "its sightings moved")
            #expect(try await store.list(AnnouncementQuery()).map(\.id) == [original.id])

            // A hidden sighting leaves the timeline, and its owner cannot show it again.
            let other = Sighting(reportID: original.id, seenAt: at, location: original.location, note: "spam", createdAt: at)
            try await store.addSighting(other, photoFile: nil, watcher: nil, noticeGap: 60)
            _ = try await store.decide(FlaggedItem(.sighting, other.id), .hide, audit: audit("hide")) { _ in [] }
            #expect(try await store.sightings(of: original.id, includeHidden: false).map(\.id) == [sighting.id])
            await #expect(throws: StoreError.notFound) { try await store.setSightingHidden(other.id, of: original.id, hidden: false) }
            // One its owner hid stays hidden when an operator dismisses its flags (found by an audit).
            let ownersHidden = Sighting(reportID: original.id, seenAt: at, location: original.location, note: "my neighbour", createdAt: at)
            try await store.addSighting(ownersHidden, photoFile: nil, watcher: nil, noticeGap: 60)
            try await store.setSightingHidden(ownersHidden.id, of: original.id, hidden: true)
            _ = try await store.decide(FlaggedItem(.sighting, ownersHidden.id), .dismiss, audit: audit("dismiss")) { _ in [] }
            #expect(try await store.sightings(of: original.id, includeHidden: false).map(\.id) == [sighting.id])

            let hiddenReport = try await store.decide(FlaggedItem(.report, original.id.rawValue), .hide, audit: audit("hide")) { report in
                [OutboxEntry(kind: .email, payload: "hidden \(report.id.rawValue)", createdAt: at)]
            }
            #expect(hiddenReport == nil)
            #expect(try await store.find(original.id).moderation == .hidden)
            #expect(try await store.outbox().contains { $0.entry.payload == "hidden \(original.id.rawValue)" })
            let file = try await store.decide(FlaggedItem(.report, original.id.rawValue), .delete, audit: audit("delete")) { _ in [] }
            #expect(file == "o.png")
            await #expect(throws: StoreError.notFound) { try await store.find(original.id) }
            #expect(try await store.auditTrail(before: nil, limit: 10).map(\.action) == ["delete", "hide", "dismiss", "hide", "duplicate"])
            let page = try await store.auditTrail(before: nil, limit: 2)
            #expect(try await store.auditTrail(before: page.last?.sequence, limit: 10).map(\.action) == ["dismiss", "hide", "duplicate"])
        }
    }

    @Test(arguments: StoreBackend.all)
    func blocksMessagesLookUpsAndOperators(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let at = Date(timeIntervalSince1970: 1_800_000_000)
            var report = Announcement.mock(microchipNumber: "123456789012345", photoURL: "/images/r.png")
            report.email = "Owner@Example.pl"
            try await store.create(report, passwordHash: "h")
            let message = RelayedMessage(
                reportID: report.id, senderName: "Scammer", senderEmail: "scam@example.com", client: "10.1.1.1",
                body: "Send 500 zł", createdAt: at)
            #expect(try await store.recordMessage(message))
            var again = message
            again.body = "A second send of the same queued message"
            #expect(try await store.recordMessage(again) == false, "kept once")
            #expect(try await store.relayedMessage(message.id) == message)
            #expect(try await store.relayedMessages(of: report.id) == [message])
            // The sender's answer to "what identifies it" is kept with the message, for the owner's page.
            let answered = RelayedMessage(
                reportID: report.id, senderName: "Finder", senderEmail: "finder@example.com", client: "10.2.2.2",
                body: "I have your dog", trait: "a white spot under the chin", createdAt: at.addingTimeInterval(60))
            #expect(try await store.recordMessage(answered))
            #expect(try await store.relayedMessage(answered.id).trait == "a white spot under the chin")
            #expect(try await store.relayedMessages(of: report.id) == [answered, message])
            let block = Block(
                kind: .email, value: "scam@example.com", scope: .messages, until: nil, reason: "owner", createdBy: "owner",
                createdAt: at, source: message.id)
            try await store.addBlock(block, audit: AuditEntry(at: at, actor: "owner", action: "block"))
            let timed = Block(kind: .network, value: "10.1.0.0/16", until: at.addingTimeInterval(3600), reason: "spam", createdBy: "ola", createdAt: at)
            try await store.addBlock(timed, audit: AuditEntry(at: at, actor: "ola", action: "block"))
            #expect(Set(try await store.blocks(activeAt: at).map(\.id)) == [block.id, timed.id])
            #expect(try await store.blocks(activeAt: at.addingTimeInterval(7200)).map(\.id) == [block.id], "a timed block ends")
            // Dismissing the message's flag lets its sender write again.
            _ = try await store.addFlag(
                Flag(
                    item: FlaggedItem(.message, message.id), reportID: report.id, client: "owner", reason: .scam,
                    createdAt: at), threshold: 1
            ) { _ in [] }
            _ = try await store.decide(FlaggedItem(.message, message.id), .dismiss, audit: AuditEntry(at: at, actor: "ola", action: "dismiss")) { _ in [] }
            #expect(try await store.blocks(activeAt: at).map(\.id) == [timed.id])
            let ownerAgain = Flag(item: FlaggedItem(.message, message.id), reportID: report.id, client: "owner", reason: .scam, createdAt: at)
            #expect(try await store.addFlag(ownerAgain, threshold: 1) { _ in [] } == .alreadyFlagged, "the owner's word, once overruled, stays so")
            try await store.liftBlock(id: timed.id, audit: AuditEntry(at: at, actor: "ola", action: "unblock"))
            await #expect(throws: StoreError.notFound) { try await store.liftBlock(id: timed.id, audit: AuditEntry(at: at, actor: "ola", action: "unblock")) }
            try await store.pruneMessages(before: at.addingTimeInterval(1))
            await #expect(throws: StoreError.notFound) { try await store.relayedMessage(message.id) }

            for text in [
                report.id.rawValue, String(report.id.rawValue.prefix(8)), "https://petspot.example/p/\(report.id.rawValue.prefix(8))",
                "owner@example.PL", "+48 555 123 456", "+48555123456", "123456789012345",
            ] {
                #expect(try await store.lookUp(text, limit: 5).map(\.id) == [report.id], "found by \(text)")
            }
            #expect(try await store.lookUp("1234", limit: 5).isEmpty)

            try await store.addOperator(OperatorAccount(name: "ola", passwordHash: "x", totpSecret: "JBSWY3DPEHPK3PXP", createdAt: at))
            await #expect(throws: StoreError.conflict(field: "name")) {
                try await store.addOperator(OperatorAccount(name: "ola", passwordHash: "y", totpSecret: "S", createdAt: at))
            }
            #expect(try await store.operatorAccount(named: "ola")?.enrolled == false)
            try await store.enrolOperator(named: "ola")
            #expect(try await store.operatorAccount(named: "ola")?.enrolled == true)
            try await store.resetOperator(named: "ola", passwordHash: "z", totpSecret: "NEWSECRET")
            let account = try await store.operatorAccount(named: "ola")
            #expect(account?.enrolled == false && account?.passwordHash == "z" && account?.totpSecret == "NEWSECRET")
            await #expect(throws: StoreError.notFound) { try await store.resetOperator(named: "nobody", passwordHash: "z", totpSecret: "S") }
            #expect(try await store.takeTOTPStep(100, operator: "ola"))
            #expect(try await !store.takeTOTPStep(100, operator: "ola"), "a code works once")
            #expect(try await !store.takeTOTPStep(99, operator: "ola"))
            #expect(try await store.operatorAccount(named: "nobody") == nil)
            // Sign-out's cutoff only moves forward; no operator, no change.
            #expect(try await store.operatorAccount(named: "ola")?.sessionsEndedAt == Date(timeIntervalSince1970: 0))
            try await store.endOperatorSessions(named: "ola", at: at + 60)
            try await store.endOperatorSessions(named: "ola", at: at + 30)
            #expect(try await store.operatorAccount(named: "ola")?.sessionsEndedAt == at + 60)
            try await store.endOperatorSessions(named: "nobody", at: at)
        }
    }

    @Test(arguments: StoreBackend.all)
    func concurrentFlagsCountExactlyAndHoldOnce(_ backend: StoreBackend) async throws {
        try await backend.with { store throws in
            let report = Announcement.mock(photoURL: "/images/r.png")
            try await store.create(report, passwordHash: "h")
            let at = Date(timeIntervalSince1970: 1_800_000_000)
            let outcomes = try await withThrowingTaskGroup(of: FlagOutcome.self) { group in
                for n in 0..<12 {
                    group.addTask {
                        try await store.addFlag(
                            Flag(
                                item: FlaggedItem(.report, report.id.rawValue), reportID: report.id, client: "10.0.0.\(n % 8)",
                                reason: .spam, createdAt: at), threshold: 3 * Flag.freshWeight
                        ) { _ in [] }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 == .alreadyFlagged }.count == 4)
            #expect(outcomes.filter { $0 == .recorded(held: true) }.count == 1)
            #expect(try await store.moderationQueue(limit: 5).first?.flags == 8)
            #expect(try await store.auditTrail(before: nil, limit: 10).count == 1)
        }
    }
}
