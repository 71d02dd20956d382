import Foundation
import Observation

/// The data of a report flow, written once for both (`PetReportFlowStateProtocol`): each flow's state
/// is this with its status, and the Found flow's adds the caregiver details it keeps on the device.
@MainActor @Observable
open class PetReportFlowState: PetReportFlowStateProtocol {
    public var chipNumber: String?
    public var photoAttachment: PhotoAttachmentMetadata?
    public var photoStatus: PhotoAttachmentStatus = .empty
    public var disappearanceDate: Date?
    public var animalSpecies: AnimalSpecies?
    /// The race is one of the pet's texts.
    public var animalRace: String? {
        get { petTexts[.breed] }
        set { petTexts[.breed] = newValue }
    }
    public var animalGender: AnimalGender?
    public var animalAge: Int?
    public var petName: String?
    public var animalLatitude: Double?
    public var animalLongitude: Double?
    public var animalAdditionalDescription: String?
    public var searchAnswers = SearchAnswers()
    public var petTexts: [PetText: String] = [:]
    public var contactDetails: OwnerContactDetails?
    public var managementPassword: String?
    public var pendingSubmission: PendingSubmission?
    /// The Found flow's caregiver phone and current address (never sent; observed here).
    var caregiver: String?
    var address: String?
    public let status: AnnouncementStatus
    public let photoAttachmentCache: PhotoAttachmentCache

    init(status: AnnouncementStatus, photoAttachmentCache: PhotoAttachmentCache) {
        self.status = status
        self.photoAttachmentCache = photoAttachmentCache
    }

    /// Seed 002's `clear()`: forgets everything entered, at once. A subclass may override it (seed 002's
    /// `MockFlowState`); leaving a flow calls it through `clear() async`, which also deletes the cached photo.
    open func clear() {
        clearSharedFields()
        caregiver = nil
        address = nil
    }

    public func clear() async {
        await clearInBackground().value
    }

    /// Clears every field now and deletes the cached photo in a task (what `clear() async` waits for).
    public func clearInBackground() -> Task<Void, Never> {
        let forget: () -> Void = clear
        forget()
        let cache = photoAttachmentCache
        return Task { try? await cache.clearCurrent() }
    }
}
