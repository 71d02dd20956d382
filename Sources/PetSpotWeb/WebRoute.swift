import Foundation

/// Every page, form action and asset of the web app. All links and redirects are built here.
public enum WebRoute: Sendable, Equatable {
    case home
    case lostPets(filter: ListFilter = ListFilter(), after: String? = nil)
    case details(id: String)
    case flyer(id: String)
    /// "Send a message to the owner/finder".
    case relay(id: String)
    /// The form to add a sighting to a missing report (issue 13).
    case sighting(id: String)
    /// Nearby alerts: the subscription form (issue 12).
    case alerts
    /// The flyers' short link: the first eight characters of the id.
    case short(id: String)
    case manage(id: String)
    /// The owner's photo upload (multipart, so the form token and the grant travel in the query).
    case managePhoto(id: String, token: String, grant: String)
    case step(ReportFlow, ReportFlow.Step)
    case cancel(ReportFlow)
    case removePhoto(ReportFlow)
    case draftPhoto(ReportFlow)
    case finish(ReportFlow)
    case language(Language, back: String)
    case asset(String)

    /// The path with its query, percent-encoded.
    public var path: String {
        switch self {
        case .home: return "/"
        case .lostPets(let filter, let after): return Self.withQuery("/lost-pets", filter.queryItems + [("after", after)])
        case .details(let id): return "/lost-pets/\(Self.segment(id))"
        case .flyer(let id): return "/lost-pets/\(Self.segment(id))/flyer"
        case .relay(let id): return "/lost-pets/\(Self.segment(id))/message"
        case .sighting(let id): return "/lost-pets/\(Self.segment(id))/sighting"
        case .alerts: return "/alerts"
        case .short(let id): return "/p/\(Self.segment(String(id.prefix(8))))"
        case .manage(let id): return "/manage/\(Self.segment(id))"
        case .managePhoto(let id, let token, let grant):
            return Self.withQuery("/manage/\(Self.segment(id))/photo", [("token", token), ("grant", grant)])
        case .step(let flow, let step): return "\(flow.basePath)/\(flow.slug(step))"
        case .cancel(let flow): return "\(flow.basePath)/cancel"
        case .removePhoto(let flow): return "\(flow.basePath)/photo-remove"
        case .draftPhoto(let flow): return "\(flow.basePath)/photo-preview"
        case .finish(let flow): return "\(flow.basePath)/finish"
        case .language(let language, let back): return Self.withQuery("/language", [("lang", language.rawValue), ("back", back)])
        case .asset(let name): return "/static/\(name)?v=\(StaticFiles.version(of: name))"
        }
    }

    public static func segment(_ value: String) -> String {
        // Report ids are plain (letters, digits, '-'): nothing to encode, and Foundation's encoder is slow.
        if value.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x2D || $0 == 0x5F }) {
            return value
        }
        return value.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))) ?? value
    }

    static func withQuery(_ path: String, _ items: [(String, String?)]) -> String {
        var components = URLComponents()
        components.path = path
        let present = items.compactMap { name, value in value.map { URLQueryItem(name: name, value: $0) } }
        components.queryItems = present.isEmpty ? nil : present
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.string ?? path
    }

    /// A local path to return to after switching language; anything else becomes the home page.
    public static func safeBackPath(_ candidate: String?) -> String {
        guard let candidate, candidate.hasPrefix("/"), !candidate.hasPrefix("//"), !candidate.contains("\\") else { return "/" }
        return candidate
    }
}

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

    public init(place: String = "", latitude: String = "", longitude: String = "", radius: String = "",
                status: String = "", species: String = "", since: String = "") {
        self.place = place
        self.latitude = latitude
        self.longitude = longitude
        self.radius = radius
        self.status = status
        self.species = species
        self.since = since
    }

    /// Reads the list's query (`place`, `lat`, `lng`, `radius`, `status`, `species`, `since`).
    public init(query: (String) -> String?) {
        self.init(place: query("place") ?? "", latitude: query("lat") ?? "", longitude: query("lng") ?? "",
                  radius: query("radius") ?? "", status: query("status") ?? "", species: query("species") ?? "",
                  since: query("since") ?? "")
    }

    var queryItems: [(String, String?)] {
        [("place", place), ("lat", latitude), ("lng", longitude), ("radius", radius), ("status", status),
         ("species", species), ("since", since)].map { ($0.0, $0.1.isEmpty ? nil : $0.1) }
    }

    public var isEmpty: Bool { queryItems.allSatisfy { $0.1 == nil } }
    /// True when a place is asked for, by name or by coordinates.
    public var hasPlace: Bool { !place.isEmpty || !latitude.isEmpty || !longitude.isEmpty }
}
