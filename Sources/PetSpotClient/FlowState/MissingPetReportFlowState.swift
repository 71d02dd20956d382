import Foundation

/// The Missing Pet flow's data (status MISSING): chip number, photo, description, contact details and,
/// after submission, the management password. Open: seed 002's tests subclass it (`MockFlowState`).
@MainActor
open class MissingPetReportFlowState: PetReportFlowState {
    public init(photoAttachmentCache: PhotoAttachmentCache = PhotoAttachmentCache()) {
        super.init(status: .missing, photoAttachmentCache: photoAttachmentCache)
    }
}
