import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOHTTP1

/// What an S3 call can fail with: the server's answer (its status and S3's error code), or no answer.
public enum S3Error: Error, Sendable, CustomStringConvertible {
    case status(Int, code: String, message: String)
    case unreachable(String)
    case badResponse(String)

    public var description: String {
        switch self {
        case let .status(status, code, message): "S3 answered \(status) \(code): \(message)"
        case let .unreachable(reason): "S3 could not be reached: \(reason)"
        case let .badResponse(reason): "S3 gave an answer PetSpot could not read: \(reason)"
        }
    }
}

/// The small part of Amazon S3's API PetSpot needs (PUT, streamed from a file and multipart for large
/// files; GET with a range; HEAD; DELETE; copy; list by prefix; presigned GETs), signed with SigV4 and
/// spoken through async-http-client. Keys are given without the location's prefix.
public final class S3Client: Sendable {
    public let location: S3Location
    let signer: SigV4
    let http: HTTPClient
    /// Files above this go up in parts of this size (S3's parts are 5 MiB at least, the last excepted).
    public let partSize: Int

    /// One stored object: its key (without the prefix), size and last change.
    public struct Object: Sendable, Equatable {
        public let key: String
        public let size: Int
        public let lastModified: Date
    }

    /// The client every bucket is spoken to through, for the life of the process: a server that does
    /// not answer fails a request within 3 seconds (not after the request's whole deadline of
    /// connection retries), and up to 64 connections are kept to it (16 uploads and the photos served
    /// meanwhile).
    public static let http: HTTPClient = {
        var configuration = HTTPClient.Configuration(timeout: .init(connect: .seconds(3), read: .seconds(60)))
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 64
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    public init(location: S3Location, credentials: S3Credentials, http: HTTPClient = S3Client.http, partSize: Int = 8 << 20) {
        self.location = location
        self.signer = SigV4(credentials: credentials, region: location.region)
        self.http = http
        self.partSize = max(partSize, 5 << 20)
    }

    // MARK: objects

    /// Stores `file` at `key`, read from disk in chunks (never whole in memory): one PUT, or a multipart
    /// upload for files larger than a part, aborted if any part fails.
    public func put(_ key: String, file: URL, contentType: String) async throws {
        let size = try Self.fileSize(file)
        if size <= partSize {
            _ = try await send(
                .PUT, key: key, headers: [("content-type", contentType)],
                body: Self.fileBody(file, range: 0..<Int64(size)), payloadHash: try Self.sha256(file, range: 0..<Int64(size)))
            return
        }
        try await putInParts(key, file: file, size: size, contentType: contentType)
    }

    /// Stores a few bytes at `key` (markers, small files).
    public func put(_ key: String, bytes: [UInt8], contentType: String) async throws {
        _ = try await send(
            .PUT, key: key, headers: [("content-type", contentType)], body: .bytes(ByteBuffer(bytes: bytes)),
            payloadHash: SigV4.hex(SHA256.hash(data: bytes)))
    }

    /// The object's size and last change; nil when there is none.
    public func head(_ key: String) async throws -> Object? {
        guard let response = try await send(.HEAD, key: key, allowing: [404]), response.status == .ok else { return nil }
        return Object(
            key: key, size: Int(response.headers.first(name: "content-length") ?? "") ?? 0,
            lastModified: Self.httpDate(response.headers.first(name: "last-modified")) ?? Date(timeIntervalSince1970: 0))
    }

    /// The object's bytes (`range` of them), streamed as they arrive; nil when there is none.
    public func get(_ key: String, range: ClosedRange<Int>? = nil) async throws -> HTTPClientResponse? {
        let headers = range.map { [("range", "bytes=\($0.lowerBound)-\($0.upperBound)")] } ?? []
        guard let response = try await send(.GET, key: key, headers: headers, allowing: [404], timeout: .minutes(5)),
            response.status == .ok || response.status == .partialContent
        else { return nil }
        return response
    }

    /// Copies the object at `key` into `file` (created or replaced); false when there is none.
    public func download(_ key: String, to file: URL) async throws -> Bool {
        guard let response = try await get(key) else { return false }
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        for try await chunk in response.body { try handle.write(contentsOf: Data(chunk.readableBytesView)) }
        return true
    }

    /// Deletes the object (nothing happens when there is none).
    public func delete(_ key: String) async throws {
        _ = try await send(.DELETE, key: key, allowing: [404])
    }

    /// Copies an object within the bucket, server-side.
    public func copy(_ source: String, to key: String) async throws {
        let from = "/\(location.bucket)/" + SigV4.encode(location.prefix + source, keepSlash: true)
        let response = try await send(.PUT, key: key, headers: [("x-amz-copy-source", from)])
        // A copy can fail after its 200 has started: the body then holds an <Error>.
        let body = try await response?.body.collect(upTo: 1 << 20)
        if let body, let error = S3XML.error(Array(body.readableBytesView)) { throw error }
    }

    /// Every object whose key starts with `prefix` (below the location's), page by page.
    public func list(prefix: String, pageSize: Int = 1000) async throws -> [Object] {
        var objects: [Object] = []
        var token: String?
        repeat {
            var query = [("list-type", "2"), ("max-keys", String(pageSize)), ("prefix", location.prefix + prefix)]
            if let token { query.append(("continuation-token", token)) }
            guard let response = try await send(.GET, key: nil, query: query) else { break }
            let page = try S3XML.listing(Array(try await response.body.collect(upTo: 16 << 20).readableBytesView))
            objects += page.objects.compactMap { object in
                object.key.hasPrefix(location.prefix)
                    ? Object(key: String(object.key.dropFirst(location.prefix.count)), size: object.size, lastModified: object.lastModified) : nil
            }
            token = page.nextToken
        } while token != nil
        return objects
    }

    /// Creates the bucket; an existing bucket of ours is fine.
    public func createBucket() async throws {
        let body =
            location.region == S3Location.defaultRegion
            ? []
            : Array(
                "<CreateBucketConfiguration><LocationConstraint>\(location.region)</LocationConstraint></CreateBucketConfiguration>".utf8)
        _ = try await send(
            .PUT, key: nil, body: body.isEmpty ? nil : .bytes(ByteBuffer(bytes: body)),
            payloadHash: SigV4.hex(SHA256.hash(data: body)), allowing: [409])
    }

    /// A URL anyone may GET the object at for `seconds`.
    public func presignedURL(_ key: String, seconds: Int, now: Date = Date()) -> String {
        let target = location.target(key)
        let query = signer.presignedQuery(method: "GET", path: target.path, host: target.host, expires: seconds, date: now)
        return target.url + "?" + query.map { "\(SigV4.encode($0.0))=\(SigV4.encode($0.1))" }.joined(separator: "&")
    }

    // MARK: plumbing

    /// Sends one signed request; a status in `allowing` comes back as an answer, any other failure throws.
    func send(
        _ method: HTTPMethod, key: String?, query: [(String, String)] = [], headers extra: [(String, String)] = [],
        body: HTTPClientRequest.Body? = nil, payloadHash: String = SigV4.emptyPayloadHash, allowing: Set<Int> = [],
        timeout: TimeAmount = .minutes(2)
    ) async throws -> HTTPClientResponse? {
        let target = location.target(key)
        let now = Date()
        var headers = extra + [("host", target.host), ("x-amz-date", SigV4.amzDate(now)), ("x-amz-content-sha256", payloadHash)]
        if let token = signer.credentials.sessionToken { headers.append(("x-amz-security-token", token)) }
        let authorization = signer.authorization(
            method: method.rawValue, path: target.path, query: query, headers: headers,
            payloadHash: payloadHash, date: now)
        var request = HTTPClientRequest(url: target.url + (query.isEmpty ? "" : "?" + SigV4.canonicalQuery(query)))
        request.method = method
        for (name, value) in headers where name != "host" { request.headers.add(name: name, value: value) }
        request.headers.add(name: "authorization", value: authorization)
        if let body { request.body = body }
        let response: HTTPClientResponse
        do {
            response = try await http.execute(request, timeout: timeout)
        } catch {
            throw S3Error.unreachable(String(describing: error))
        }
        let status = Int(response.status.code)
        if (200..<300).contains(status) { return response }
        let detail = method == .HEAD ? nil : try? await response.body.collect(upTo: 1 << 20)
        if allowing.contains(status) { return status == 404 || status == 409 ? nil : response }
        throw detail.flatMap { S3XML.error(Array($0.readableBytesView), status: status) }
            ?? S3Error.status(status, code: response.status.reasonPhrase, message: "")
    }

    static func httpDate(_ text: String?) -> Date? {
        guard let text else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }
}
