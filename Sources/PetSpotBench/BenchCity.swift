import PetSpotDomain

/// A city the synthetic reports cluster around; `weight` is its relative share of the reports.
public struct BenchCity: Sendable, Equatable {
    public var name: String
    public var center: Coordinate
    public var weight: Double

    public init(name: String, latitude: Double, longitude: Double, weight: Double) {
        self.name = name
        self.center = Coordinate(latitude: latitude, longitude: longitude)
        self.weight = weight
    }

    /// Forty cities, Polish ones heaviest (PetSpot's home market), with one across the date line.
    public static let all: [BenchCity] = [
        .init(name: "Warszawa", latitude: 52.2297, longitude: 21.0122, weight: 10),
        .init(name: "Kraków", latitude: 50.0614, longitude: 19.9383, weight: 7),
        .init(name: "Wrocław", latitude: 51.1079, longitude: 17.0385, weight: 6),
        .init(name: "Łódź", latitude: 51.7592, longitude: 19.4560, weight: 5),
        .init(name: "Poznań", latitude: 52.4064, longitude: 16.9252, weight: 5),
        .init(name: "Gdańsk", latitude: 54.3520, longitude: 18.6466, weight: 5),
        .init(name: "Szczecin", latitude: 53.4285, longitude: 14.5528, weight: 3),
        .init(name: "Lublin", latitude: 51.2465, longitude: 22.5684, weight: 3),
        .init(name: "Katowice", latitude: 50.2649, longitude: 19.0238, weight: 4),
        .init(name: "Białystok", latitude: 53.1325, longitude: 23.1688, weight: 2),
        .init(name: "Rzeszów", latitude: 50.0412, longitude: 21.9991, weight: 2),
        .init(name: "Toruń", latitude: 53.0138, longitude: 18.5984, weight: 2),
        .init(name: "Berlin", latitude: 52.5200, longitude: 13.4050, weight: 4),
        .init(name: "Praha", latitude: 50.0755, longitude: 14.4378, weight: 3),
        .init(name: "Wien", latitude: 48.2082, longitude: 16.3738, weight: 3),
        .init(name: "London", latitude: 51.5074, longitude: -0.1278, weight: 4),
        .init(name: "Paris", latitude: 48.8566, longitude: 2.3522, weight: 4),
        .init(name: "Madrid", latitude: 40.4168, longitude: -3.7038, weight: 3),
        .init(name: "Roma", latitude: 41.9028, longitude: 12.4964, weight: 3),
        .init(name: "Amsterdam", latitude: 52.3676, longitude: 4.9041, weight: 2),
        .init(name: "Stockholm", latitude: 59.3293, longitude: 18.0686, weight: 2),
        .init(name: "Vilnius", latitude: 54.6872, longitude: 25.2797, weight: 1),
        .init(name: "Kyiv", latitude: 50.4501, longitude: 30.5234, weight: 3),
        .init(name: "New York", latitude: 40.7128, longitude: -74.0060, weight: 4),
        .init(name: "Chicago", latitude: 41.8781, longitude: -87.6298, weight: 2),
        .init(name: "Los Angeles", latitude: 34.0522, longitude: -118.2437, weight: 3),
        .init(name: "Toronto", latitude: 43.6532, longitude: -79.3832, weight: 2),
        .init(name: "Mexico City", latitude: 19.4326, longitude: -99.1332, weight: 2),
        .init(name: "São Paulo", latitude: -23.5505, longitude: -46.6333, weight: 2),
        .init(name: "Buenos Aires", latitude: -34.6037, longitude: -58.3816, weight: 2),
        .init(name: "Cape Town", latitude: -33.9249, longitude: 18.4241, weight: 1),
        .init(name: "Cairo", latitude: 30.0444, longitude: 31.2357, weight: 1),
        .init(name: "Istanbul", latitude: 41.0082, longitude: 28.9784, weight: 2),
        .init(name: "Mumbai", latitude: 19.0760, longitude: 72.8777, weight: 2),
        .init(name: "Singapore", latitude: 1.3521, longitude: 103.8198, weight: 1),
        .init(name: "Tokyo", latitude: 35.6762, longitude: 139.6503, weight: 3),
        .init(name: "Sydney", latitude: -33.8688, longitude: 151.2093, weight: 2),
        .init(name: "Auckland", latitude: -36.8485, longitude: 174.7633, weight: 1),
        .init(name: "Suva", latitude: -18.1248, longitude: 178.4501, weight: 0.5),
        .init(name: "Reykjavík", latitude: 64.1466, longitude: -21.9426, weight: 0.5),
    ]
}
