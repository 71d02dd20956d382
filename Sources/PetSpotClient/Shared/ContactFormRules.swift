import Foundation
import PetSpotDomain

/// The contact step's checks and messages, shared by both flows (seed 004).
public struct ContactFormRules: Sendable {
    public let strings: LocalizedStrings
    public static let maxRewardLength = FieldLimit.reward
    public static let maxAddressLength = FieldLimit.currentAddress

    public init(strings: LocalizedStrings) {
        self.strings = strings
    }

    /// Nil when the phone has 7 to 11 digits, otherwise "Enter at least 7 digits".
    public func phoneError(_ phone: String) -> String? {
        ContactRules.phoneDigits.contains(ContactRules.phoneDigitCount(phone)) ? nil : strings[.ownersPhoneError]
    }

    /// Nil for `local@domain.tld` (surrounding spaces ignored), otherwise "Enter a valid email address".
    public func emailError(_ email: String) -> String? {
        ContactRules.isValidEmail(email.trimmingCharacters(in: .whitespacesAndNewlines)) ? nil : strings[.ownersEmailError]
    }

    /// An optional phone: empty is fine, otherwise (spaces too, as seed 001 checks `isEmpty`) the same
    /// 7–11 digit rule.
    public func optionalPhoneError(_ phone: String) -> String? {
        phone.isEmpty ? nil : phoneError(phone)
    }
}
