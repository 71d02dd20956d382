import Foundation

/// The list's filters, as typed: a place (by name, or by coordinates), a radius, and which reports.
public struct ListFilter: Sendable, Equatable {
    public var place: String
    public var latitude: String
    public var longitude: String
    public var radius: String
    /// "", `MISSING` or `FOUND`.
    public var status: String
    /// "" or a species' raw value.
    public var species: String
    /// "" or a number of days (7, 30, 90).
    public var since: String
    /// Words of the pet's looks, and "" or `newest` for their order.
    public var text = "", sort = ""

    public init(
        place: String = "", latitude: String = "", longitude: String = "", radius: String = "",
        status: String = "", species: String = "", since: String = ""
    ) {
        self.place = place
        self.latitude = latitude
        self.longitude = longitude
        self.radius = radius
        self.status = status
        self.species = species
        self.since = since
    }

    /// Reads the list's query (`q`, `sort`, `place`, `lat`, `lng`, `radius`, `status`, `species`, `since`).
    public init(query: (String) -> String?) {
        self.init(
            place: query("place") ?? "", latitude: query("lat") ?? "", longitude: query("lng") ?? "",
            radius: query("radius") ?? "", status: query("status") ?? "", species: query("species") ?? "",
            since: query("since") ?? "")
        (text, sort) = (query("q") ?? "", query("sort") ?? "")
    }

    var queryItems: [(String, String?)] {
        [
            ("q", text), ("sort", sort), ("place", place), ("lat", latitude), ("lng", longitude), ("radius", radius), ("status", status),
            ("species", species), ("since", since),
        ].map { ($0.0, $0.1.isEmpty ? nil : $0.1) }
    }

    public var isEmpty: Bool { queryItems.allSatisfy { $0.1 == nil } }
    /// True when a place is asked for, by name or by coordinates.
    public var hasPlace: Bool { !place.isEmpty || !latitude.isEmpty || !longitude.isEmpty }
}
