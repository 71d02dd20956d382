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

    /// The alert text for any error a submission threw: "no connection" for a connection problem (our
    /// repository's, or a `URLError` of `NSURLErrorDomain`, as seed 004 tells them apart), the generic
    /// text otherwise.
    public static func message(for error: any Error, _ strings: LocalizedStrings) -> String {
        let offline =
            (error as? RepositoryError)?.isConnectivityProblem ?? (error is URLError || (error as NSError).domain == NSURLErrorDomain)
        return strings[offline ? .ownersNoConnectionMessage : .ownersGenericErrorMessage]
    }
}
