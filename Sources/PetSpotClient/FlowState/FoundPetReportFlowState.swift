import Foundation

/// The Found Pet flow's data (status FOUND). The caregiver's phone and the pet's current address stay
/// on the device: they are never sent to the server.
@MainActor
public final class FoundPetReportFlowState: PetReportFlowState {
    public init(photoAttachmentCache: PhotoAttachmentCache = PhotoAttachmentCache()) {
        super.init(status: .found, photoAttachmentCache: photoAttachmentCache)
    }

    /// Optional phone of whoever looks after the pet now (7–11 digits when given).
    public var caregiverPhoneNumber: String? {
        get { caregiver }
        set { caregiver = newValue }
    }
    /// Optional address where the pet is now (multi-line, at most 500 characters).
    public var currentPhysicalAddress: String? {
        get { address }
        set { address = newValue }
    }
}
