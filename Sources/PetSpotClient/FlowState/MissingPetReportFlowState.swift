import Foundation
import Observation

/// The Missing Pet flow's data (status MISSING): chip number, photo, description, contact details and,
/// after submission, the management password.
@MainActor @Observable
public final class MissingPetReportFlowState: PetReportFlowStateProtocol {
    public var chipNumber: String?
    public var photoAttachment: PhotoAttachmentMetadata?
    public var photoStatus: PhotoAttachmentStatus = .empty
    public var disappearanceDate: Date?
    public var animalSpecies: AnimalSpecies?
    public var animalRace: String?
    public var animalGender: AnimalGender?
    public var animalAge: Int?
    public var petName: String?
    public var animalLatitude: Double?
    public var animalLongitude: Double?
    public var animalAdditionalDescription: String?
    public var contactDetails: OwnerContactDetails?
    public var managementPassword: String?
    public var pendingSubmission: PendingSubmission?
    public let status: AnnouncementStatus = .missing
    public let photoAttachmentCache: PhotoAttachmentCache

    public init(photoAttachmentCache: PhotoAttachmentCache) {
        self.photoAttachmentCache = photoAttachmentCache
    }

    public func clear() async {
        clearSharedFields()
        try? await photoAttachmentCache.clearCurrent()
    }
}
