import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import PetSpotServer
import PetSpotStore
import PetSpotTestSupport
import Testing

/// A browser stand-in over HummingbirdTesting: keeps cookies and reads the CSRF token from pages.
struct WebBrowser {
    let client: any TestClientProtocol
    var cookies: [String: String] = [:]
    var language = "en"
    /// The CSRF token of the last page that had a form, and the session cookie it belongs to.
    var csrfToken = ""
    var csrfSession: String?

    struct Page {
        let status: HTTPResponse.Status
        let headers: HTTPFields
        let html: String
        var location: String? { headers[.location] }
    }

    mutating func get(_ uri: String) async throws -> Page {
        try await send(uri, method: .get, contentType: nil, body: nil)
    }

    /// The API's answer for report `id` as its owner reads it: the created page's code as `Basic id:code`
    /// (anyone else reads the report's public area, not its point).
    func ownerRead(_ id: String, createdPage: Page) async throws -> String {
        let code = String(try #require(createdPage.html.firstMatch(of: /data-testid="management-code">([0-9]{6})</)?.1))
        let credentials = Data("\(id):\(code)".utf8).base64EncodedString()
        let response = try await client.execute(
            uri: "/api/v1/announcements/\(id)", method: .get, headers: [.authorization: "Basic \(credentials)"],
            body: nil)
        return String(buffer: response.body)
    }

    mutating func post(_ uri: String, _ fields: [String: String], csrf: Bool = true) async throws -> Page {
        var fields = fields
        if csrf {
            try await loadToken(uri)
            fields["_csrf"] = csrfToken
        }
        let body = fields.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
            .joined(separator: "&")
        return try await send(uri, method: .post, contentType: "application/x-www-form-urlencoded", body: ByteBuffer(string: body))
    }

    /// As a browser has the form before it posts: loads the page when no token of this session is known.
    mutating func loadToken(_ uri: String) async throws {
        guard csrfToken.isEmpty || csrfSession != cookies["petspot_csrf"] else { return }
        _ = try await get(String(uri.prefix { $0 != "?" }))
    }

    mutating func upload(_ uri: String, photo: [UInt8], fileName: String = "pet.png") async throws -> Page {
        try await loadToken(uri)
        var body = ByteBuffer(
            string: "--XBOUNDARY\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\n\(csrfToken)\r\n"
                + "--XBOUNDARY\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"\(fileName)\"\r\nContent-Type: image/png\r\n\r\n")
        body.writeBytes(photo)
        body.writeString("\r\n--XBOUNDARY--\r\n")
        let separator = uri.contains("?") ? "&" : "?"
        return try await send(
            "\(uri)\(separator)token=\(csrfToken)", method: .post,
            contentType: "multipart/form-data; boundary=XBOUNDARY", body: body)
    }

    mutating func send(_ uri: String, method: HTTPRequest.Method, contentType: String?, body: ByteBuffer?) async throws -> Page {
        var headers: HTTPFields = [.acceptLanguage: language]
        if let contentType { headers[.contentType] = contentType }
        if !cookies.isEmpty { headers[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }
        let response = try await client.executeRequest(uri: uri, method: method, headers: headers, body: body)
        for header in response.headers[values: .setCookie] {
            let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
            if pair.count == 2 { cookies[String(pair[0])] = String(pair[1]) }
        }
        let html = String(buffer: response.body)
        if let start = html.range(of: "name=\"_csrf\" value=\""), let end = html[start.upperBound...].firstIndex(of: "\"") {
            csrfToken = String(html[start.upperBound..<end])
            csrfSession = cookies["petspot_csrf"]
        }
        return Page(status: response.status, headers: response.headers, html: html)
    }
}

/// A PNG's first bytes: enough for the magic-byte check.
let pngBytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 64)

/// Runs `body` against a fresh server on a temporary data folder, on SQLite (the pages are the same on
/// every database; the draft store runs on each in `DraftStoreTests`), or on each backend with
/// `everyDatabase`.
func withWebApp(everyDatabase: Bool = false, _ body: @escaping @Sendable (inout WebBrowser) async throws -> Void) async throws {
    try await TestStorage.each(includingPostgres: everyDatabase) { storage in
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-web-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = try await buildApplication(webTestConfiguration(directory, databaseURL: storage.databaseURL))
        try await app.test(.router) { client in
            var browser = WebBrowser(client: client)
            try await body(&browser)
        }
    }
}

/// A server's settings for the web tests, its data in `directory`.
func webTestConfiguration(_ directory: URL, databaseURL: DatabaseURL? = nil) -> ServerConfiguration {
    var configuration = ServerConfiguration(dataDirectory: directory, jwtSecret: String(repeating: "s", count: 40), databaseURL: databaseURL)
    // As in TestApp: the whole suite shares two cores and one scrypt pool, so a code check may wait its
    // turn longer than the production deadline; the deadline itself is tested apart (HardeningTests).
    configuration.requestDeadline = .seconds(600)
    configuration.passwordHasher = .testing
    return configuration
}
