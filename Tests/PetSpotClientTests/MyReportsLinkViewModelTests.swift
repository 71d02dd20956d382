import Foundation
@testable import PetSpotClient
import Testing

/// "My reports" in the app's core: the "lost your code?" screen asks the real server for the link; a bad
/// address is said without asking; the answer is the same for any address; the per-address limit is said.
@Suite struct MyReportsLinkViewModelTests {
    @Test func theScreenAsksForTheLinkAndSaysTheSameForAnyAddress() async throws {
        try await withTestServer { @MainActor baseURL in
            let screen = MyReportsLinkViewModel(
                repository: URLSessionAnnouncementRepository(baseURL: baseURL, session: .suite),
                strings: LocalizedStrings(language: .polish))
            screen.email = "not an address"
            await screen.sendTapped()
            #expect(screen.emailError == "Wpisz poprawny adres email" && !screen.isSent)
            screen.email = " nobody@example.pl "
            await screen.sendTapped()
            #expect(screen.isSent && screen.emailError == nil)
            #expect(screen.message == "Jeśli PetSpot ma coś dla tego adresu, link jest już w drodze. Działa raz, przez 24 godziny.")
            // Three links per address in 15 minutes; the fourth is refused and said so.
            await screen.sendTapped()
            await screen.sendTapped()
            await screen.sendTapped()
            #expect(screen.message == "Zbyt wiele naraz z tego miejsca. Spróbuj ponownie za kilka minut.")
        }
    }
}
