import Foundation
import Observation

/// The Found Pet flow's data (status FOUND). The caregiver's phone and the pet's current address stay
/// on the device: they are never sent to the server.
@MainActor @Observable
public final class FoundPetReportFlowState: PetReportFlowStateProtocol {
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
    /// Optional phone of whoever looks after the pet now (7–11 digits when given).
    public var caregiverPhoneNumber: String?
    /// Optional address where the pet is now (multi-line, at most 500 characters).
    public var currentPhysicalAddress: String?
    public let status: AnnouncementStatus = .found
    public let photoAttachmentCache: PhotoAttachmentCache

    public init(photoAttachmentCache: PhotoAttachmentCache) {
        self.photoAttachmentCache = photoAttachmentCache
    }

    public func clear() async {
        clearSharedFields()
        caregiverPhoneNumber = nil
        currentPhysicalAddress = nil
        try? await photoAttachmentCache.clearCurrent()
    }
}
