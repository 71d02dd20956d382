/// One report's details, every value already written for the screen.
public struct PetDetailsModel: Sendable, Equatable {
    public var id: AnnouncementID
    public var photoURL: String?
    public var status: AnnouncementStatus
    public var statusText: String
    public var dateText: String
    public var phoneText: String
    public var emailText: String
    public var petNameText: String
    public var microchipText: String
    public var speciesText: String
    public var breedText: String
    /// The pet's one-line texts (`PetText.plainLines`: the race, and any added since), labelled.
    public var texts: [LabelledText]
    public var genderSymbol: String
    public var genderText: String
    public var ageText: String
    public var coordinatesText: String
    public var coordinate: Coordinate
    public var descriptionText: String
    public var rewardText: String?

    public init(_ a: Announcement, formatting f: DisplayFormatting) {
        let gender = AnimalSex(apiValue: a.sex)
        id = a.id
        photoURL = a.photoURL
        status = a.status
        statusText = f.status(a.status)
        dateText = f.reportDate(a.lastSeenDate)
        phoneText = f.optional(a.phone)
        emailText = f.optional(a.email)
        petNameText = f.optional(a.petName)
        microchipText = f.microchip(a.microchipNumber)
        speciesText = f.species(AnimalSpecies(apiValue: a.species))
        breedText = f.optional(a.breed)
        texts = PetText.plainLines.map { text in
            LabelledText(label: text.appKey(.details).map { f.strings[$0] } ?? text.rawValue, text: f.optional(a.pet[keyPath: text.keyPath]))
        }
        genderSymbol = f.genderSymbol(gender)
        genderText = f.gender(gender)
        ageText = a.age.map(f.age) ?? f.strings[.detailsNotProvided]
        coordinatesText = f.coordinates(a.location)
        coordinate = a.location
        descriptionText = f.optional(a.description)
        rewardText = a.reward.flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// A value written for the screen under its label.
public struct LabelledText: Sendable, Equatable {
    public var label: String
    public var text: String
}
