import Foundation
import PetSpotAPI

/// Submits a flow's report: what the contact step calls on Continue.
@MainActor
public protocol AnnouncementSubmissionServiceProtocol: AnyObject {
    /// Creates the report and uploads its photo; returns the management password. Any error may be thrown
    /// (seed 004's service throws what the network throws): the contact step tells a connection problem
    /// (`SubmissionError.message(for:_:)`: a `RepositoryError.network`, a `URLError`) from any other failure.
    func submitAnnouncement(flowState: any PetReportFlowStateProtocol) async throws -> String
}

/// Creates the report, then uploads its photo with Basic `id:managementPassword` (the repository reads
/// the cached file; one that cannot be read is `photoUnreadable`). When the upload fails
/// the created report is remembered in the flow state, and a retry only uploads the photo (or, if the
/// person changed the report in between, replaces the half-made report instead of leaving it behind).
/// Throws a ``SubmissionError`` for what the flow lacks, and what the repository threw, unchanged, for
/// the rest (seed 004: a ``RepositoryError`` from ours, anything from an app's own).
@MainActor
public final class AnnouncementSubmissionService: AnnouncementSubmissionServiceProtocol {
    /// An app's own repository may be any class, struct or actor (seed 004's protocol asks nothing of it): the
    /// service, on the main actor, makes one call to it at a time and keeps no other reference to hand out.
    nonisolated(unsafe) private let repository: any AnimalRepositoryProtocol
    private let builder: CreateAnnouncementRequestBuilder

    /// Any repository: seed 004's two calls suffice; one that can also delete removes a half-made report.
    public init(repository: any AnimalRepositoryProtocol, timeZone: TimeZone = .current) {
        self.repository = repository
        self.builder = CreateAnnouncementRequestBuilder(timeZone: timeZone)
    }

    public func submitAnnouncement(flowState: any PetReportFlowStateProtocol) async throws -> String {
        let request = try builder.request(from: flowState)
        let created = try await createdReport(for: request, flowState: flowState)
        // The photo, when there is one (seed 004: "Upload photo (if exists)"; the photo step requires it).
        if let photo = flowState.photoAttachment {
            do {
                try await repository.uploadPhoto(
                    request: PhotoUploadRequest(announcementId: created.id, photo: photo, managementPassword: created.managementPassword))
            } catch RepositoryError.fileIOError { throw SubmissionError.photoUnreadable }
        }
        flowState.pendingSubmission = nil
        flowState.managementPassword = created.managementPassword
        return created.managementPassword
    }

    /// The report created by an earlier attempt for the same request, or a newly created one.
    private func createdReport(for request: CreateAnnouncementRequest, flowState: any PetReportFlowStateProtocol) async throws
        -> AnnouncementResult
    {
        if let pending = flowState.pendingSubmission {
            if pending.request == request { return pending.result }
            if let server = repository as? any AnnouncementRepositoryProtocol {
                try? await server.deleteAnnouncement(id: pending.result.id, managementPassword: pending.result.managementPassword)
            }
            flowState.pendingSubmission = nil
        }
        let result = try await repository.createAnnouncement(request: request)
        flowState.pendingSubmission = PendingSubmission(request: request, result: result)
        return result
    }
}
