import Foundation
import PetSpotDomain
@testable import PetSpotServer
import PetSpotStore
import PetSpotTestSupport
import Testing

/// The code e-mail is queued as the report and its code, and written when the worker sends it: in the
/// report's language, with its place; none for a report deleted before then.
@Suite struct CodeMailTests {
    @Test func theCodeMailIsWrittenWhenItIsSentAndNotForADeletedReport() async throws {
        let store = InMemoryStore()
        let notifier = ReportNotifier(store: store, mails: WebMailWriter(), baseURL: "https://petspot.example")
        let report = Announcement.mock(email: "kot@example.pl", status: .found, language: "pl")
        try await store.create(report, privateDetails: nil, passwordHash: "x:y", outbox: [])
        #expect(notifier.codeMail(for: Announcement.mock(email: nil), code: "135790") == nil)

        let entry = try #require(notifier.codeMail(for: report, code: "135790"))
        #expect(entry.kind == .codeMail && !entry.payload.contains("kot@"))
        let mail = try #require(try await notifier.codeMail(entry))
        #expect(mail.to == "kot@example.pl")
        #expect(mail.subject == "Twoje zgłoszenie w PetSpot: zachowaj kod zarządzania")
        #expect(mail.text.contains("135790") && mail.text.contains("https://petspot.example/lost-pets/\(report.id.rawValue)"))

        _ = try await store.delete(report.id)
        #expect(try await notifier.codeMail(entry) == nil)
        await #expect(throws: DecodingError.self) {
            try await notifier.codeMail(OutboxEntry(kind: .codeMail, payload: "no-code", createdAt: Date()))
        }
    }
}
