import PetSpotDomain

/// Where map tiles come from (`--map-tiles-url`) and their attribution; nil in a page model turns its map off.
public struct MapTiles: Sendable, Equatable {
    public var url: String
    public var attribution: String

    public init(url: String, attribution: String) {
        self.url = url
        self.attribution = attribution
    }
}

/// A map on a page, drawn by Leaflet (served from `/static/leaflet/`) over a form or a page that works
/// without it: `pick` lets a person click or drag the pin, which fills the latitude and longitude
/// fields; `area` shows a report's public area as a circle, with no pin.
public struct MapView: Sendable {
    public let mode: String
    public let latitude: String
    public let longitude: String
    public let radiusMeters: String
    public let tiles: String
    public let attribution: String
    public var label: String
    /// The zoom buttons' names, in the page's language (Leaflet's own are English).
    public let zoomIn: String
    public let zoomOut: String
    /// Numbered points over an area map (`number,lat,lng;…`): a missing report's sightings.
    public var markers = ""
    /// A missing pet's likely area: a wider circle around the same centre, in metres.
    public var likelyRadius = ""
    /// Areas searched (`lat,lng,metres;…`), drawn as grey circles.
    public var searched = ""
    public let leafletCSS = "/static/leaflet/leaflet.css"
    public let leafletJS = "/static/leaflet/leaflet.js"

    public static func pick(_ tiles: MapTiles, latitude: String, longitude: String, strings: Strings) -> MapView {
        MapView(
            mode: "pick", latitude: latitude, longitude: longitude, radiusMeters: "", tiles: tiles,
            label: strings[.mapPickLabel], strings: strings)
    }

    public static func area(_ tiles: MapTiles, around point: Coordinate, strings: Strings) -> MapView {
        let area = PublicArea(around: point)
        return MapView(
            mode: "area", latitude: String(area.center.latitude), longitude: String(area.center.longitude),
            radiusMeters: String(Int(PublicArea.radiusMeters)), tiles: tiles, label: strings[.mapAreaLabel], strings: strings)
    }

    init(mode: String, latitude: String, longitude: String, radiusMeters: String, tiles: MapTiles, label: String, strings: Strings) {
        self.mode = mode
        self.latitude = latitude
        self.longitude = longitude
        self.radiusMeters = radiusMeters
        self.tiles = tiles.url
        attribution = tiles.attribution
        self.label = label
        zoomIn = strings[.mapZoomIn]
        zoomOut = strings[.mapZoomOut]
    }
}
