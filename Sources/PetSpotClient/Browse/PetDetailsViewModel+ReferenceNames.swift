/// The reference app's names for the details screen (reference-ios-app §2.5): each value is the one the
/// loaded details show, nil until they are loaded.
extension PetDetailsViewModel {
    public var formattedMicrochip: String? { details?.microchipText }
    public var formattedSpecies: String? { details?.speciesText }
    public var genderSymbol: String? { details?.genderSymbol }
    public var formattedDate: String? { details?.dateText }
    public var formattedCoordinates: String? { details?.coordinatesText }
    public var formattedAge: String? { details?.ageText }
    public var formattedPetName: String? { details?.petNameText }
    public var formattedDescription: String? { details?.descriptionText }

    public func loadPetDetails() async { await load() }
    public func retry() async { await retryTapped() }
    public func handleBack() { backTapped() }
    public func handleShowMap() { showOnMapTapped() }
}
