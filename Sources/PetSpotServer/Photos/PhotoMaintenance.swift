import Crypto
import Foundation
import Logging
import PetSpotS3
import PetSpotStore

/// `petspot photos check`, `petspot photos migrate` and `petspot photos scrub`: what an operator runs
/// on the photos of the configured database and photo store.
public enum PhotoMaintenance {
    /// Rows whose photo is missing, and photos no row names (after an upload's crash, or left behind).
    public struct CheckReport: Sendable {
        public let named: Int
        public let missing: [String]
        public let unnamed: [String]
    }

    /// What a migration did: objects copied now, and those the target had already (an earlier run).
    public struct MigrationReport: Sendable {
        public var copied = 0
        public var alreadyThere = 0
    }

    /// What a scrub did: photos read, and those that told where they were taken until now.
    public struct ScrubReport: Sendable {
        public var read = 0
        public var cleaned = 0
    }

    public enum Failure: Error, CustomStringConvertible {
        case sameStore
        case corrupted(String)

        public var description: String {
            switch self {
            case .sameStore: "the photos are in that store already"
            case .corrupted(let key): "\(key) read back from the target differs from the source; it was removed again, run the migration again"
            }
        }
    }

    static let prefixes = ["images/", "thumbs/"]

    /// Compares the photo files the rows name with the objects in the store.
    public static func check(_ configuration: ServerConfiguration, logger: Logger = Logger(label: "petspot.photos")) async throws -> CheckReport {
        let objects = try configuration.photoStore.objects(logger: logger) ?? FolderPhotoObjects(root: configuration.dataDirectory)
        let named = try await StorageSelection.withStore(configuration, logger: logger) { try await $0.namedPhotoFiles() }
        let stored = Set(try await objects.list("images/").map { String($0.key.dropFirst("images/".count)) })
        return CheckReport(named: Set(named).count, missing: Set(named).subtracting(stored).sorted(), unnamed: stored.subtracting(named).sorted())
    }

    /// Copies every photo and thumbnail from the configured store to `target` (`folder`, the data
    /// folder, or `s3://bucket/prefix` at the configured endpoint), each read back and compared by
    /// SHA-256. An object the target has already with the same size is left, so an interrupted run
    /// picks up where it stopped. The server then runs with `--photo-store` set to the target.
    public static func migrate(
        _ configuration: ServerConfiguration, to target: String, progress: (String) -> Void = { _ in },
        logger: Logger = Logger(label: "petspot.photos")
    ) async throws -> MigrationReport {
        var targetSettings = configuration.photoStore
        targetSettings.bucket = try PhotoStoreSettings.store(target)
        guard targetSettings.location != configuration.photoStore.location else { throw Failure.sameStore }
        let source = try configuration.photoStore.objects(logger: logger) ?? FolderPhotoObjects(root: configuration.dataDirectory)
        let destination = try targetSettings.objects(logger: logger) ?? FolderPhotoObjects(root: configuration.dataDirectory)
        let scratch = try scratchFolder(configuration)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var report = MigrationReport()
        for prefix in prefixes {
            for object in try await source.list(prefix) {
                if try await destination.info(object.key)?.size == object.size {
                    report.alreadyThere += 1
                    continue
                }
                try await copy(object.key, from: source, to: destination, through: scratch)
                report.copied += 1
                progress("copied \(object.key) (\(object.size) bytes)")
            }
        }
        return report
    }

    /// Removes where each stored photo was taken, as an upload's photo is cleaned now (`PhotoLocation`),
    /// from photos kept before that: each is fetched, cleaned in a local copy and stored back under its
    /// own key only when cleaning changed it. A second run cleans nothing; it is safe while PetSpot serves.
    public static func scrub(
        _ configuration: ServerConfiguration, progress: (String) -> Void = { _ in }, logger: Logger = Logger(label: "petspot.photos")
    ) async throws -> ScrubReport {
        let objects = try configuration.photoStore.objects(logger: logger) ?? FolderPhotoObjects(root: configuration.dataDirectory)
        let scratch = try scratchFolder(configuration)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var report = ScrubReport()
        for object in try await objects.list("images/") {
            let file = scratch.appendingPathComponent("photo")
            guard try await objects.fetch(object.key, to: file) else { continue }
            report.read += 1
            let before = try digest(file)
            guard let type = ImageType.detect(try ImageType.head(of: file)) else { continue }
            try PhotoLocation.remove(from: file, type: type)
            guard try digest(file) != before else { continue }
            try await objects.store(object.key, moving: file, contentType: type.mimeType)
            report.cleaned += 1
            progress("removed where \(object.key) was taken")
        }
        return report
    }

    static func scratchFolder(_ configuration: ServerConfiguration) throws -> URL {
        let scratch = configuration.dataDirectory.appendingPathComponent("tmp/photos-\(UUID().uuidString.lowercased())", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        return scratch
    }

    /// Copies one object through a local file and reads it back from the target to compare.
    static func copy(_ key: String, from source: any PhotoObjects, to destination: any PhotoObjects, through scratch: URL) async throws {
        let file = scratch.appendingPathComponent("copy"), readBack = scratch.appendingPathComponent("check")
        guard try await source.fetch(key, to: file) else { return }
        let expected = try digest(file)
        let type = key.hasSuffix(".jpg") ? "image/jpeg" : ImageType(rawValue: String(key.split(separator: ".").last ?? ""))?.mimeType
        try await destination.store(key, moving: file, contentType: type ?? "application/octet-stream")
        guard try await destination.fetch(key, to: readBack), try digest(readBack) == expected else {
            try? await destination.remove(key)
            throw Failure.corrupted(key)
        }
        try? FileManager.default.removeItem(at: readBack)
    }

    static func digest(_ file: URL) throws -> String {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        var hash = SHA256()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { hash.update(data: chunk) }
        return hash.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
