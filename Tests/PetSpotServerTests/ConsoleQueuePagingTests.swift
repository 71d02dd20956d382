import Foundation
import PetSpotDomain
import PetSpotStore
import PetSpotTestSupport
import PetSpotWeb
import Testing

@testable import PetSpotServer

/// A flood of flags cannot push an item out of the operator's reach: the queue goes on in pages (two
/// networks flagging a hundred reports buried a real scam flag, found by a moderation audit).
@Suite struct ConsoleQueuePagingTests {
    @Test func theQueueGoesOnInPages() async throws {
        let hash = try await PasswordHasher.testing.hash(ModerationTests.operatorPassword)
        let at = Date().addingTimeInterval(-3600)
        let buried = Announcement.mock(createdAt: at)
        try await TestApp.run(
            fixtures: { store in
                try await store.addOperator(
                    OperatorAccount(name: "ola", passwordHash: hash, totpSecret: ModerationTests.secret, enrolled: true, createdAt: Date()))
                for index in 0...ConsolePages.queuePage {
                    let report = index == 0 ? buried : Announcement.mock(createdAt: at)
                    try await store.create(report, passwordHash: "h")
                    // The flood's items have two flags each; the buried one, flagged last, has one.
                    for client in index == 0 ? ["198.51.100.7"] : ["10.0.0.1", "10.1.0.1"] {
                        let flag = Flag(
                            item: FlaggedItem(.report, report.id.rawValue), reportID: report.id, client: client, reason: .scam,
                            createdAt: at.addingTimeInterval(Double(index)))
                        _ = try await store.addFlag(flag, threshold: 100) { _ in [] }
                    }
                }
            }
        ) { client, _ in
            var browser = ConsoleBrowser(client: client)
            try await browser.signIn()
            let first = try await browser.get("/admin")
            #expect(!first.text.contains(buried.id.rawValue.prefix(8)) && first.text.contains("Next page of the queue"))
            let second = try await browser.get("/admin?page=2")
            #expect(second.text.contains(buried.id.rawValue.prefix(8)) && second.text.contains("Previous page of the queue"))
            #expect(!second.text.contains("Next page of the queue"))
        }
    }
}
