import Foundation
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import NIOCore
import PetSpotS3
import PetSpotStore
#if canImport(Glibc)
import Glibc
#endif

/// One kept photo or thumbnail: its key (`images/<file>`, `thumbs/<file>.w400.jpg`), size and last change.
public struct PhotoObject: Sendable, Equatable {
    public let key: String
    public let size: Int
    public let lastModified: Date
}

/// Where photos and their thumbnails are kept, by key: the data folder (`FolderPhotoObjects`, the
/// default) or an S3 bucket (`BucketPhotoObjects`), so instances on one database can share them. Keys
/// are versioned names a row gives, never reused, so an object never changes once written.
public protocol PhotoObjects: Sendable, CustomStringConvertible {
    /// The file behind `key` when objects are files on this machine; nil for a bucket.
    func localPath(_ key: String) -> String?
    /// Takes a finished local file in as `key`; the local file is gone afterwards, whatever happens.
    func store(_ key: String, moving file: URL, contentType: String) async throws
    /// A few bytes as `key` (a marker).
    func store(_ key: String, bytes: [UInt8]) async throws
    /// The object's size and last change; nil when there is none.
    func info(_ key: String) async throws -> PhotoObject?
    /// The object's bytes, or a range of them, as a response body; nil when there is none.
    func body(_ key: String, range: ClosedRange<Int>?) async throws -> ResponseBody?
    /// Copies the object into a local file; false when there is none.
    func fetch(_ key: String, to file: URL) async throws -> Bool
    /// Deletes the object (nothing happens when there is none).
    func remove(_ key: String) async throws
    /// Every object whose key starts with `prefix`.
    func list(_ prefix: String) async throws -> [PhotoObject]
    /// A URL from which anyone may GET the object for `seconds` (nil where there is none: the folder).
    func presignedURL(_ key: String, seconds: Int) -> String?
}

/// Photos as files under the data folder: `<data>/images/<file>` and `<data>/thumbs/<file>.w400.jpg`.
public struct FolderPhotoObjects: PhotoObjects {
    public let root: URL

    public init(root: URL) throws {
        self.root = root
        for folder in ["images", "thumbs"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder, isDirectory: true), withIntermediateDirectories: true)
        }
    }

    public var description: String { "the folder \(root.path)" }

    /// Keys are `<folder>/<plain name>`: nothing that climbs out of the folder or hides.
    public func localPath(_ key: String) -> String? {
        let parts = key.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, ["images", "thumbs", "drafts"].contains(parts[0]), !parts[1].isEmpty, !parts[1].hasPrefix("."),
            !parts[1].contains("\\"), !parts[1].contains("\0")
        else { return nil }
        return root.appendingPathComponent(key).path
    }

    public func store(_ key: String, moving file: URL, contentType: String) async throws {
        guard let path = localPath(key) else {
            unlink(file.path)
            throw CocoaError(.fileWriteInvalidFileName)
        }
        guard rename(file.path, path) == 0 else {
            let error = POSIXErrorCode(rawValue: errno).map { POSIXError($0) as any Error } ?? CocoaError(.fileWriteUnknown)
            unlink(file.path)
            throw error
        }
    }

    public func store(_ key: String, bytes: [UInt8]) async throws {
        guard let path = localPath(key), FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw CocoaError(.fileWriteUnknown)
        }
    }

    public func info(_ key: String) async throws -> PhotoObject? {
        guard let path = localPath(key), let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let size = attributes[.size] as? Int
        else { return nil }
        return PhotoObject(key: key, size: size, lastModified: attributes[.modificationDate] as? Date ?? Date(timeIntervalSince1970: 0))
    }

    public func body(_ key: String, range: ClosedRange<Int>?) async throws -> ResponseBody? {
        guard let object = try await info(key), let path = localPath(key) else { return nil }
        let bytes = range.map { Int64($0.lowerBound)..<Int64($0.upperBound + 1) } ?? 0..<Int64(object.size)
        return ResponseBody(asyncSequence: FileRangeChunks(path: path, range: bytes))
    }

    public func fetch(_ key: String, to file: URL) async throws -> Bool {
        guard let path = localPath(key), FileManager.default.fileExists(atPath: path) else { return false }
        try? FileManager.default.removeItem(at: file)
        try FileManager.default.copyItem(atPath: path, toPath: file.path)
        return true
    }

    public func remove(_ key: String) async throws {
        if let path = localPath(key) { unlink(path) }
    }

    public func list(_ prefix: String) async throws -> [PhotoObject] {
        let folder = String(prefix.prefix { $0 != "/" })
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
        var objects: [PhotoObject] = []
        for name in names where "\(folder)/\(name)".hasPrefix(prefix) {
            if let object = try await info("\(folder)/\(name)") { objects.append(object) }
        }
        return objects
    }

    public func presignedURL(_ key: String, seconds: Int) -> String? { nil }
}
