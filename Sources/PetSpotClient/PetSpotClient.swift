@_exported import PetSpotAPI
@_exported import PetSpotDomain

/// The seeds call the sex of an animal its gender; it is the domain's `AnimalSex`.
public typealias AnimalGender = AnimalSex
