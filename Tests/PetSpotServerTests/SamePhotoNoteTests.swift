import Foundation
import PetSpotDomain
@testable import PetSpotServer
import PetSpotTestSupport
import Testing

/// Scammers reuse photos: on a report's console page an operator is told which other reports show the same
/// photo (the same dog photographed again counts; another dog does not), each opened by the look-up. A note,
/// never a queue entry: nothing is held or queued for it.
@Suite struct SamePhotoNoteTests {
    @Test func theConsoleSaysWhichOtherReportsShowTheSamePhoto() async throws {
        let model = try LooksFixture.installed()
        let hash = try await PasswordHasher.testing.hash(ModerationTests.operatorPassword)
        try await TestApp.run(
            fixtures: { store in
                try await store.addOperator(
                    OperatorAccount(name: "ola", passwordHash: hash, totpSecret: ModerationTests.secret, enrolled: true, createdAt: Date()))
            },
            configure: { $0.looksDirectory = model }
        ) { client, _ in
            let first = try await PhotoMatchTests.file(
                client, photo: "dog-bullmastiff.png", email: "first@example.com", at: (52.33, 21.01), lastSeen: "2026-11-13")
            let again = try await PhotoMatchTests.file(
                client, photo: "dog-bullmastiff-again.jpg", status: "FOUND", email: "second@example.com", at: (50.06, 19.94),
                lastSeen: "2026-11-14")
            let other = try await PhotoMatchTests.file(
                client, photo: "dog-dalmatian.jpg", email: "third@example.com", at: (52.33, 21.01), lastSeen: "2026-11-14")
            for report in [first, other] { try await PhotoMatchTests.waitForLook(of: report.id, client) }

            var browser = ConsoleBrowser(client: client)
            try await browser.signIn()
            #expect(!(try await browser.get("/admin").text.contains(String(first.id.prefix(8)))), "no queue entry for a reused photo")
            var page = try await browser.get("/admin/items/report/\(first.id)").text
            for _ in 0..<30 where !page.contains(again.id) {
                // The found dog's look (in another city, so search by photo never shows it) is made in the background.
                try await Task.sleep(for: .seconds(1))
                page = try await browser.get("/admin/items/report/\(first.id)").text
            }
            #expect(page.contains("The same photo is in report \(again.id)"))
            #expect(page.contains("/admin/look-up?q=\(again.id)"), "each opened by the look-up")
            #expect(!page.contains(other.id), "another dog's photo is not the same photo")
            let otherPage = try await browser.get("/admin/items/report/\(other.id)").text
            #expect(!otherPage.contains("The same photo is in report"))
        }
    }
}
