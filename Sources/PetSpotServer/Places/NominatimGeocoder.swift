import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PetSpotDomain
import PetSpotRoutes

/// Street addresses through Nominatim's search API (`--geocoder-url`, off by default): `GET
/// {url}/search?q=…&format=jsonv2&addressdetails=1&limit=…`. Asked only when configured, for what the
/// embedded gazetteer cannot place; any failure (down, slow, odd answer) falls back to the gazetteer.
public struct NominatimGeocoder: Sendable {
    public let baseURL: URL
    let timeout: TimeInterval
    let userAgent: String

    public init(baseURL: URL, timeout: TimeInterval = 4, userAgent: String = "PetSpot/1.0 (lost and found pets)") {
        self.baseURL = baseURL
        self.timeout = timeout
        self.userAgent = userAgent
    }

    /// `http(s)://host[:port][/path]`, or nil for an empty setting.
    public static func checkedURL(_ text: String) throws -> URL? {
        guard !text.isEmpty else { return nil }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
            throw ConfigurationError.invalidGeocoderURL(text)
        }
        return url
    }

    struct Hit: Decodable {
        var lat: String
        var lon: String
        var name: String?
        var display_name: String?
        var address: [String: String]?
    }

    /// The places Nominatim finds for `text`, best first; empty when it cannot be asked or finds none.
    func search(_ text: String, language: String = "en", limit: Int = 5) async -> [PlaceMatch] {
        var components = URLComponents(url: baseURL.appendingPathComponent("search"), resolvingAgainstBaseURL: false)
        components?.queryItems = [
            URLQueryItem(name: "q", value: text), URLQueryItem(name: "format", value: "jsonv2"),
            URLQueryItem(name: "addressdetails", value: "1"), URLQueryItem(name: "limit", value: String(limit)),
        ]
        guard let url = components?.url else { return [] }
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue(language, forHTTPHeaderField: "Accept-Language")
        guard let (data, response) = try? await URLSession.shared.data(for: request),
            (response as? HTTPURLResponse)?.statusCode == 200,
            let hits = try? JSONDecoder().decode([Hit].self, from: data)
        else { return [] }
        return hits.compactMap { hit in
            guard let lat = Double(hit.lat), let lng = Double(hit.lon), Coordinate.isValidLatitude(lat), Coordinate.isValidLongitude(lng) else {
                return nil
            }
            // "10, Marszałkowska, Śródmieście, Warszawa, Poland" → its first three parts.
            let name = (hit.display_name ?? hit.name ?? text).split(separator: ",").prefix(3)
                .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")
            let country = (hit.address?["country_code"] ?? "").uppercased()
            return PlaceMatch(
                place: Place(
                    name: String(name.prefix(200)), countryCode: country.count == 2 ? country : "",
                    population: 0, coordinate: Coordinate(latitude: lat, longitude: lng)), distanceKm: nil)
        }
    }
}
