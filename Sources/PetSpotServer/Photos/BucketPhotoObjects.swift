import Foundation
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import NIOCore
import PetSpotS3
import PetSpotStore

/// Photos as objects in an S3 bucket (Amazon S3, MinIO, R2, Ceph, …) under the location's prefix. What
/// an object's size and date are is remembered (objects never change), so serving a photo costs one
/// GET; a failing bucket is `StoreError.unavailable` (a 503), its detail logged without secrets.
public final class BucketPhotoObjects: PhotoObjects {
    public let client: S3Client
    let logger: Logger
    private let known = KnownObjects(limit: 10_000)

    public init(client: S3Client, logger: Logger = Logger(label: "petspot.photos")) {
        self.client = client
        self.logger = logger
    }

    public var description: String { client.location.description }

    public func localPath(_ key: String) -> String? { nil }

    public func store(_ key: String, moving file: URL, contentType: String) async throws {
        defer { unlink(file.path) }
        try await unavailableOnFailure { try await client.put(key, file: file, contentType: contentType) }
    }

    public func store(_ key: String, bytes: [UInt8]) async throws {
        try await unavailableOnFailure { try await client.put(key, bytes: bytes, contentType: "application/octet-stream") }
    }

    public func info(_ key: String) async throws -> PhotoObject? {
        if let object = known.get(key) { return object }
        guard let found = try await unavailableOnFailure({ try await client.head(key) }) else { return nil }
        let object = PhotoObject(key: key, size: found.size, lastModified: found.lastModified)
        known.set(object)
        return object
    }

    public func body(_ key: String, range: ClosedRange<Int>?) async throws -> ResponseBody? {
        guard let response = try await unavailableOnFailure({ try await client.get(key, range: range) }) else {
            known.forget(key)
            return nil
        }
        return ResponseBody(asyncSequence: response.body)
    }

    public func fetch(_ key: String, to file: URL) async throws -> Bool {
        try await unavailableOnFailure { try await client.download(key, to: file) }
    }

    public func remove(_ key: String) async throws {
        known.forget(key)
        try await unavailableOnFailure { try await client.delete(key) }
    }

    public func list(_ prefix: String) async throws -> [PhotoObject] {
        try await unavailableOnFailure { try await client.list(prefix: prefix) }
            .map { PhotoObject(key: $0.key, size: $0.size, lastModified: $0.lastModified) }
    }

    public func presignedURL(_ key: String, seconds: Int) -> String? {
        client.presignedURL(key, seconds: seconds)
    }

    private func unavailableOnFailure<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as S3Error {
            logger.error("photo bucket: \(error)")
            throw StoreError.unavailable
        }
    }
}

/// The sizes and dates of objects seen lately (at most `limit`; the oldest half goes when it is full).
final class KnownObjects: Sendable {
    private let state = NIOLockedValueBox<[String: PhotoObject]>([:])
    let limit: Int

    init(limit: Int) { self.limit = limit }

    func get(_ key: String) -> PhotoObject? { state.withLockedValue { $0[key] } }

    func set(_ object: PhotoObject) {
        state.withLockedValue { objects in
            if objects.count >= limit { objects = Dictionary(uniqueKeysWithValues: objects.prefix(limit / 2).map { ($0.key, $0.value) }) }
            objects[object.key] = object
        }
    }

    func forget(_ key: String) { _ = state.withLockedValue { $0.removeValue(forKey: key) } }
}
