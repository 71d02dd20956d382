import Foundation

/// The species the apps offer. The server stores species as free text (the contract); these are the
/// values the apps send and understand, anything else reads as `.other`.
public enum AnimalSpecies: String, Sendable, Codable, CaseIterable {
    case dog = "DOG", cat = "CAT", bird = "BIRD", rabbit = "RABBIT", other = "OTHER"

    /// The species a stored value stands for; unknown text is `.other`.
    public init(apiValue: String) {
        self = AnimalSpecies(rawValue: apiValue.trimmingCharacters(in: .whitespaces).uppercased()) ?? .other
    }
}

/// The sex the apps offer; unknown text reads as `.unknown`.
public enum AnimalSex: String, Sendable, Codable, CaseIterable {
    case male = "MALE", female = "FEMALE", unknown = "UNKNOWN"

    public init(apiValue: String) {
        self = AnimalSex(rawValue: apiValue.trimmingCharacters(in: .whitespaces).uppercased()) ?? .unknown
    }
}
