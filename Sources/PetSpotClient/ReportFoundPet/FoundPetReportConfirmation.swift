import Foundation

/// What the caller shows after a Found report was sent (the flow itself has no summary step).
public struct FoundPetReportConfirmation: Sendable, Equatable {
    public var title: String
    public var message: String
    /// The code that closes or removes the report later.
    public var managementPassword: String

    public init(managementPassword: String, strings: LocalizedStrings) {
        self.managementPassword = managementPassword
        title = strings[.foundConfirmationTitle]
        message = strings[.foundConfirmationMessage].replacingOccurrences(of: "%@", with: managementPassword)
    }
}
