import Foundation

/// What both report flows collect, step by step; owned by the flow's coordinator and shared with its
/// view models. Each step writes here only when its Continue succeeds.
@MainActor
public protocol PetReportFlowStateProtocol: AnyObject {
    /// Digits only, at most 15; nil when none was given.
    var chipNumber: String? { get set }
    var photoAttachment: PhotoAttachmentMetadata? { get set }
    var photoStatus: PhotoAttachmentStatus { get set }
    var disappearanceDate: Date? { get set }
    var animalSpecies: AnimalSpecies? { get set }
    var animalRace: String? { get set }
    var animalGender: AnimalGender? { get set }
    var animalAge: Int? { get set }
    var petName: String? { get set }
    var animalLatitude: Double? { get set }
    var animalLongitude: Double? { get set }
    var animalAdditionalDescription: String? { get set }
    /// The Missing flow's optional answers about how the pet lives.
    var searchAnswers: SearchAnswers { get set }
    /// The pet's one-line texts (`PetText.plainLines`: the race, and any added since), blank ones left out.
    var petTexts: [PetText: String] { get set }
    var contactDetails: OwnerContactDetails? { get set }
    var managementPassword: String? { get set }
    var pendingSubmission: PendingSubmission? { get set }
    /// MISSING for the Missing flow, FOUND for the Found flow.
    var status: AnnouncementStatus { get }
    var photoAttachmentCache: PhotoAttachmentCache { get }
    /// Forgets everything entered and deletes the cached photo.
    func clear() async
}

extension PetReportFlowStateProtocol {
    /// For flow states written before the Missing flow asked how the pet lives: no answers are kept, as
    /// before (a requirement added later comes with a default, so earlier conformers still compile).
    public var searchAnswers: SearchAnswers {
        get { SearchAnswers() }
        set {}
    }

    /// For flow states that keep only `animalRace`: the race is their one text.
    public var petTexts: [PetText: String] {
        get { animalRace.map { [.breed: $0] } ?? [:] }
        set { animalRace = newValue[.breed] }
    }

    /// Resets the fields both flows share.
    func clearSharedFields() {
        chipNumber = nil
        photoAttachment = nil
        photoStatus = .empty
        disappearanceDate = nil
        animalSpecies = nil
        petTexts = [:]
        animalGender = nil
        animalAge = nil
        petName = nil
        animalLatitude = nil
        animalLongitude = nil
        animalAdditionalDescription = nil
        searchAnswers = SearchAnswers()
        contactDetails = nil
        managementPassword = nil
        pendingSubmission = nil
    }
}
