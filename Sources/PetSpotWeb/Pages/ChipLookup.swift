import PetSpotDomain
import PetSpotRoutes

/// Where a report's microchip number is looked up, offered once the report is filed: the registries'
/// public look-ups (their addresses are the services' own). A finder's look-up reaches the owner through
/// the registry even when the owner never finds PetSpot; an owner tells the registry the pet is missing.
public struct ChipLookup: Sendable, TemplateContext {
    public let title: String
    /// The number as the forms show it (`12345-67890-12345`).
    public let number: String
    public let text: String
    public let links: [PageLink]

    static let registries: [(TextKey, String)] = [
        (.chipLookupEurope, "https://www.europetnet.com/"),
        (.chipLookupAmerica, "https://www.petmicrochiplookup.org/"),
        (.chipLookupUK, "https://www.check-a-chip.co.uk/"),
    ]

    /// Nil for a report without a chip number.
    public init?(chip: String?, flow: ReportFlow, strings: Strings) {
        let digits = MicrochipNumberFormatter.extractDigits(chip ?? "")
        guard !digits.isEmpty else { return nil }
        title = strings[.chipLookupTitle]
        number = MicrochipNumberFormatter.format(digits)
        text = strings[flow == .found ? .chipLookupFound : .chipLookupMissing]
        links = Self.registries.map { PageLink(label: strings[$0.0], href: $0.1) }
    }

    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "title": .text(title)
        case "number": .text(number)
        case "text": .text(text)
        case "links": .objects(links)
        default: nil
        }
    }
}
