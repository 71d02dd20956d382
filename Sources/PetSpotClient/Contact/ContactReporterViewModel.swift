import Foundation
import Observation

/// "Send a message to the owner (or the finder)": PetSpot e-mails it with the sender's
/// address as Reply-To, so neither side's address is published. For a missing pet the sender is asked
/// what identifies it. The rules are the server's (`RelayMessageForm`); the advice is shown with the form.
@MainActor @Observable
public final class ContactReporterViewModel {
    public var name = ""
    public var email = ""
    public var phone = ""
    public var trait = ""
    public var message = ""
    public private(set) var nameError: String?
    public private(set) var emailError: String?
    public private(set) var phoneError: String?
    public private(set) var messageError: String?
    public private(set) var alertMessage: String?
    public private(set) var isSending = false
    public private(set) var isSent = false
    /// For a missing pet's owner: ask what identifies the pet.
    public let asksForTrait: Bool
    public let strings: LocalizedStrings
    private let reportID: AnnouncementID
    private let repository: any ReporterMessagesRepositoryProtocol

    public init(
        report: AnnouncementID, status: AnnouncementStatus, repository: any ReporterMessagesRepositoryProtocol,
        strings: LocalizedStrings = LocalizedStrings()
    ) {
        reportID = report
        asksForTrait = status == .missing
        self.repository = repository
        self.strings = strings
    }

    /// Short, specific advice against the scams aimed at owners and finders.
    public var advice: [String] {
        [strings[.adviceNeverPay], strings[.adviceNoCodes], strings[.advicePublicPlace], strings[.adviceAskDetail]]
    }

    public func sendTapped() async {
        guard !isSending, !isSent else { return }
        let form = RelayMessageForm(name: name, email: email, phone: phone, trait: asksForTrait ? trait : "", message: message)
        nameError = nil; emailError = nil; phoneError = nil; messageError = nil; alertMessage = nil
        let problems = form.problems
        for problem in problems {
            switch problem.field {
            case "name": nameError = strings[.messageNameRequired]
            case "email": emailError = strings[.messageEmailInvalid]
            case "phone": phoneError = strings[.messagePhoneInvalid]
            default: messageError = strings[.messageTooShort]
            }
        }
        guard problems.isEmpty else { return }
        isSending = true
        defer { isSending = false }
        do {
            try await repository.sendMessage(
                to: reportID,
                RelayMessageRequest(
                    name: form.name, email: form.email, phone: form.phone.isEmpty ? nil : form.phone,
                    trait: form.trait.isEmpty ? nil : form.trait, message: form.message))
            isSent = true
            alertMessage = strings[.messageSent]
        } catch {
            if case .http(status: 429, _) = error {
                alertMessage = strings[.tooManyTryLater]
            } else {
                alertMessage = strings[.messageFailed]
            }
        }
    }
}
