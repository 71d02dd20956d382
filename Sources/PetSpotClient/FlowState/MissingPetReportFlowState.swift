import Foundation

/// The Missing Pet flow's data (status MISSING): chip number, photo, description, contact details and,
/// after submission, the management password.
@MainActor
public final class MissingPetReportFlowState: PetReportFlowState {
    public init(photoAttachmentCache: PhotoAttachmentCache = PhotoAttachmentCache()) {
        super.init(status: .missing, photoAttachmentCache: photoAttachmentCache)
    }
}
