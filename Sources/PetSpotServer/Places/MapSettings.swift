import Foundation
import HTTPTypes
import Hummingbird

/// The web maps: where tiles come from (`--map-tiles-url`, OpenStreetMap's by default, empty for no
/// maps) and where Debian's `libjs-leaflet` put Leaflet (`--leaflet-path`). Pages draw no map when
/// either is missing; every form keeps its latitude and longitude fields.
public struct MapSettings: Sendable, Equatable {
    public static let openStreetMapTiles = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"
    public static let openStreetMapAttribution = "© OpenStreetMap contributors"
    public static let debianLeaflet = "/usr/share/javascript/leaflet"

    /// nil: maps off.
    public var tilesURL: String? = openStreetMapTiles
    public var attribution = openStreetMapAttribution
    public var leafletDirectory = debianLeaflet

    public init() {}

    /// `""` turns maps off; otherwise an http(s) URL template with `{z}`, `{x}` and `{y}`.
    public static func checkedTilesURL(_ text: String) throws -> String? {
        guard !text.isEmpty else { return nil }
        guard let url = URL(string: text.replacingOccurrences(of: "{", with: "").replacingOccurrences(of: "}", with: "")),
            ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil,
            ["{z}", "{x}", "{y}"].allSatisfy(text.contains)
        else { throw ConfigurationError.invalidMapTilesURL(text) }
        return text
    }

    /// `scheme://host[:port]` of the tiles, for the pages' Content-Security-Policy.
    var tileOrigin: String? {
        guard let tilesURL, let url = URL(string: tilesURL.replacingOccurrences(of: "{", with: "").replacingOccurrences(of: "}", with: "")),
            let scheme = url.scheme, let host = url.host
        else { return nil }
        // `{s}.tile…` subdomains: any subdomain of the host.
        let wildcard = tilesURL.contains("://{s}.") ? "*." + host.drop { $0 != "." }.dropFirst() : host
        return "\(scheme)://\(wildcard)" + (url.port.map { ":\($0)" } ?? "")
    }
}

/// Leaflet's files as `/static/leaflet/…` answers, read once at start; empty when the folder is missing.
struct LeafletAssets: Sendable {
    struct File: Sendable {
        var type: String
        var data: ByteBuffer
        var gzipped: ByteBuffer?
    }

    let files: [String: File]

    init(directory: String) {
        var files: [String: File] = [:]
        let folder = URL(fileURLWithPath: directory)
        func read(_ name: String) -> ByteBuffer? {
            FileManager.default.contents(atPath: folder.appendingPathComponent(name).path).map { ByteBuffer(bytes: $0) }
        }
        // The minified script when Debian ships it, under the name pages link.
        if let script = read("leaflet.min.js") ?? read("leaflet.js") {
            files["leaflet.js"] = File(type: "text/javascript; charset=utf-8", data: script, gzipped: Compression.gzip(script))
        }
        if let style = read("leaflet.css") {
            files["leaflet.css"] = File(type: "text/css; charset=utf-8", data: style, gzipped: Compression.gzip(style))
        }
        for image in ["marker-icon.png", "marker-icon-2x.png", "marker-shadow.png", "layers.png", "layers-2x.png"] {
            if let data = read("images/\(image)") { files["images/\(image)"] = File(type: "image/png", data: data) }
        }
        self.files = files
    }

    /// True when the script and its stylesheet are there.
    var isComplete: Bool { files["leaflet.js"] != nil && files["leaflet.css"] != nil }

    func register(on router: Router<PetSpotRequestContext>, notFound: @escaping @Sendable (Request) -> Response) {
        let files = files
        for path in ["/static/leaflet/:name", "/static/leaflet/images/:name"] {
            router.get(RouterPath(path)) { request, context in
                let name = (path.contains("images") ? "images/" : "") + (try context.path("name"))
                guard let file = files[name] else { return notFound(request) }
                var headers: HTTPFields = [.contentType: file.type, .cacheControl: "public, max-age=86400", .vary: "Accept-Encoding"]
                var body = file.data
                if let gzipped = file.gzipped, Compression.acceptsGzip(request) {
                    body = gzipped
                    headers[.contentEncoding] = "gzip"
                }
                return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
            }
        }
    }
}
