/// What a report says about the pet itself, listed once: the stored report (`Announcement`), the
/// validated create request, the create request and the wire's announcement all hold one, and read
/// its fields as their own (`report.species`) through `@dynamicMemberLookup`.
public struct PetFacts: Codable, Sendable, Equatable {
    public var petName: String?
    public var species: String
    public var breed: String?
    public var sex: String
    public var age: Int?
    public var description: String?
    public var microchipNumber: String?

    public init(
        petName: String? = nil, species: String, breed: String? = nil, sex: String, age: Int? = nil,
        description: String? = nil, microchipNumber: String? = nil
    ) {
        self.petName = petName
        self.species = species
        self.breed = breed
        self.sex = sex
        self.age = age
        self.description = description
        self.microchipNumber = microchipNumber
    }
}

/// A type that holds a `PetFacts` and shows its fields as its own.
@dynamicMemberLookup
public protocol HasPetFacts {
    var pet: PetFacts { get set }
}

extension HasPetFacts {
    @inlinable public subscript<Value>(dynamicMember keyPath: WritableKeyPath<PetFacts, Value>) -> Value {
        get { pet[keyPath: keyPath] }
        set { pet[keyPath: keyPath] = newValue }
    }
}
