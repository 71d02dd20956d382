import Foundation
import Hummingbird
import PetSpotRoutes
import PetSpotWeb

/// The web flows' drafts (`ReportDraft`) through the drafts use case (`DraftService`): a draft is the
/// flow's form as JSON, its photo a `DraftPhoto`.
struct DraftKeeper: Sendable {
    let service: DraftService

    /// The session's draft of `flow`, or a new empty one.
    func load(_ session: String?, flow: ReportFlow) async throws -> ReportDraft {
        guard let session, let payload = try await service.payload(session, flow: flow),
            let draft = try? JSONDecoder().decode(ReportDraft.self, from: payload), draft.flow == flow
        else { return ReportDraft(flow: flow) }
        return draft
    }

    func save(_ draft: ReportDraft, session: String) async throws {
        try await service.save(try JSONEncoder().encode(draft), session: session, flow: draft.flow)
    }

    /// Forgets the draft and its photo.
    func discard(_ session: String?, flow: ReportFlow) async throws { try await service.discard(session, flow: flow) }

    /// Moves an uploaded file next to the draft, replacing any earlier photo.
    func keepPhoto(_ upload: UploadedPhoto, type: ImageType, session: String, flow: ReportFlow) async throws -> DraftPhoto {
        let name = try await service.keepPhoto(upload.file, type: type, session: session, flow: flow)
        return DraftPhoto(
            storedName: name, originalName: DraftPhoto.shownName(upload.name, type: type.fileExtension), size: upload.size,
            type: type.fileExtension)
    }

    /// Copies the draft's photo into a local file; false when it is gone.
    func fetchPhoto(_ photo: DraftPhoto, to file: URL) async throws -> Bool { try await service.fetchPhoto(photo.storedName, to: file) }

    /// The draft's photo as a response body; nil when it is gone.
    func photoBody(_ photo: DraftPhoto) async throws -> ResponseBody? {
        try await service.objects.body(DraftService.key(photo.storedName), range: nil)
    }

    func removePhotos(_ session: String, _ flow: ReportFlow) async { await service.removePhotos(session, flow) }
}
