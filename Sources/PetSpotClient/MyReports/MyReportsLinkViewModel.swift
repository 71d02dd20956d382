import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Observation
import PetSpotAPI
import PetSpotDomain

/// "My reports" for an app: the server e-mails an address a link to everything it filed,
/// answering the same for any address.
public protocol MyReportsRepositoryProtocol: Sendable {
    func requestMyReportsLink(email: String) async throws(RepositoryError)
}

extension URLSessionAnnouncementRepository: MyReportsRepositoryProtocol {
    public func requestMyReportsLink(email: String) async throws(RepositoryError) {
        var http = makeRequest(.myReports)
        http.setValue("application/json", forHTTPHeaderField: "Content-Type")
        http.httpBody = try? JSONEncoder().encode(MyReportsLinkRequest(email: email))
        _ = try await send(http, expecting: 202)
    }
}

/// The "lost your code?" screen: an address and a button. The e-mailed link is a page of the web app:
/// the app opens it in the browser (or, with a universal link for the server's `/my-reports/*` paths,
/// hands it to Safari View Controller), where the owner manages every report of the address.
@MainActor @Observable
public final class MyReportsLinkViewModel {
    public var email = ""
    public private(set) var emailError: String?
    /// What to tell the person after asking: sent (the same for every address), too many, or failed.
    public private(set) var message: String?
    public private(set) var isSending = false
    /// True once the server took the request.
    public private(set) var isSent = false
    public let strings: LocalizedStrings
    private let repository: any MyReportsRepositoryProtocol

    public init(repository: any MyReportsRepositoryProtocol, strings: LocalizedStrings = LocalizedStrings()) {
        self.repository = repository
        self.strings = strings
    }

    public func sendTapped() async {
        guard !isSending else { return }
        emailError = nil
        message = nil
        let address = email.trimmingCharacters(in: .whitespacesAndNewlines)
        guard ContactRules.isValidEmail(address) else {
            emailError = strings[.ownersEmailError]
            return
        }
        isSending = true
        defer { isSending = false }
        do {
            try await repository.requestMyReportsLink(email: address)
            isSent = true
            message = strings[.myReportsSent]
        } catch {
            if case .http(status: 429, _) = error { message = strings[.tooManyTryLater] } else { message = strings[.myReportsFailed] }
        }
    }
}
