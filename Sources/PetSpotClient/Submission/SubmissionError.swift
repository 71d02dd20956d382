import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a report could not be submitted.
public enum SubmissionError: Error, Sendable, Equatable {
    /// A step was skipped: the flow lacks something the server needs.
    case missingPhoto, missingContactDetails, missingSpecies, missingGender, missingDate, missingLocation
    /// The cached photo could not be read.
    case photoUnreadable
    /// The server could not be reached or refused the report.
    case repository(RepositoryError)

    /// True when the device could not reach the server (a network problem, not a server answer).
    public var isConnectivityProblem: Bool {
        if case .repository(let error) = self { return error.isConnectivityProblem }
        return false
    }

    /// The alert text for the person submitting.
    public func message(_ strings: LocalizedStrings) -> String {
        strings[isConnectivityProblem ? .ownersNoConnectionMessage : .ownersGenericErrorMessage]
    }

    /// The alert text for any error a submission threw: "no connection" for a connection problem (ours,
    /// or a `URLError` of `NSURLErrorDomain`, as seed 004 tells them apart), the generic text otherwise.
    public static func message(for error: any Error, _ strings: LocalizedStrings) -> String {
        if let error = error as? SubmissionError { return error.message(strings) }
        let offline = error is URLError || (error as NSError).domain == NSURLErrorDomain
        return strings[offline ? .ownersNoConnectionMessage : .ownersGenericErrorMessage]
    }
}
