import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The photos. Each report's photo is kept under a versioned name (`<id>.<version>.<ext>`) that only
/// the database row names, in `PhotoObjects` (the data folder's `images/`, or an S3 bucket), so a photo
/// is served (through `PhotoController`) only once its row commits, and never after the row stops
/// naming it. Uploads are written to this instance's own folder under `<data-dir>/tmp`, locked while the
/// instance lives; a start sweeps the folders of instances that are gone.
public final class PhotoStorage: Sendable {
    public let objects: any PhotoObjects
    public let temporaryDirectory: URL
    public let thumbnails: Thumbnails
    private let lock: InstanceLock

    /// Photos in `objects`, or in the data folder when none are given.
    public init(dataDirectory: URL, objects: (any PhotoObjects)? = nil) throws {
        let tmp = dataDirectory.appendingPathComponent("tmp", isDirectory: true)
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        self.objects = try objects ?? FolderPhotoObjects(root: dataDirectory)
        Self.sweepTemporaryFolders(in: tmp)
        let instance = "instance-\(UUID().uuidString.lowercased())"
        temporaryDirectory = tmp.appendingPathComponent(instance, isDirectory: true)
        lock = try InstanceLock(path: tmp.appendingPathComponent("\(instance).lock").path)
        try FileManager.default.createDirectory(at: temporaryDirectory, withIntermediateDirectories: true)
        thumbnails = Thumbnails(objects: self.objects, temporaryDirectory: temporaryDirectory)
    }

    /// A new empty file in this instance's temporary folder.
    func makeTemporaryFile() throws -> URL {
        let url = temporaryDirectory.appendingPathComponent("upload-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown)
        }
        return url
    }

    /// The public name of an announcement's photo (`/images/<name>`). Ids that are not plain
    /// (`[A-Za-z0-9_-]`) never reach the file system as they are.
    public static func fileName(for id: String, type: ImageType) -> String {
        "\(base(id)).\(type.fileExtension)"
    }

    private static func base(_ id: String) -> String {
        isPlain(id) ? id : String(Hex.encode(Array(id.utf8)).prefix(100))
    }

    static func isPlain(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 100
            && text.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
            }
    }

    /// `<id>.<ext>` → (id, type); nil for anything else (dots, NULs, unknown types, paths).
    static func parsePublicName(_ name: String) -> (id: String, type: ImageType)? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, isPlain(String(parts[0])), let type = ImageType(rawValue: String(parts[1])) else { return nil }
        return (String(parts[0]), type)
    }

    /// The key of a photo file a row names; nil for a name that is not a plain file name.
    static func key(of file: String) -> String {
        "images/\(file)"
    }

    static func isFileName(_ file: String) -> Bool {
        !file.isEmpty && !file.hasPrefix(".") && !file.contains("/") && !file.contains("\\") && !file.contains("\0")
    }

    /// Puts a finished upload among the photos under a new versioned name, which it returns (the upload
    /// is gone either way). Nothing serves it until a row names it.
    func install(_ temporary: URL, for id: String, type: ImageType) async throws -> String {
        let name = "\(Self.base(id)).\(Hex.random(bytes: 8)).\(type.fileExtension)"
        try await objects.store(Self.key(of: name), moving: temporary, contentType: type.mimeType)
        return name
    }

    /// Deletes a photo a row named, and its thumbnails. A failure leaves an object no row names, which
    /// is never served and is swept later.
    func remove(file: String?) async {
        guard let file, Self.isFileName(file) else { return }
        try? await objects.remove(Self.key(of: file))
        await thumbnails.remove(of: file)
    }

    func discard(_ temporary: URL) {
        try? FileManager.default.removeItem(at: temporary)
    }

    /// Deletes the temporary folders (and stray files) of instances that no longer run: a folder whose
    /// lock nobody holds belonged to a process that stopped or crashed mid-upload.
    static func sweepTemporaryFolders(in tmp: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: tmp.path)) ?? []
        for name in names where !name.hasSuffix(".lock") && !name.hasPrefix(".") {
            let lockPath = tmp.appendingPathComponent("\(name).lock").path
            if name.hasPrefix("instance-"), FileManager.default.fileExists(atPath: lockPath), InstanceLock.isHeld(lockPath) { continue }
            try? FileManager.default.removeItem(at: tmp.appendingPathComponent(name))
            unlink(lockPath)
        }
        for name in names where name.hasSuffix(".lock") && !InstanceLock.isHeld(tmp.appendingPathComponent(name).path) {
            let folder = tmp.appendingPathComponent(String(name.dropLast(".lock".count)))
            try? FileManager.default.removeItem(at: folder)
            unlink(tmp.appendingPathComponent(name).path)
        }
    }

    /// Photos that no row names and that are older than `grace` (an upload on another instance may be
    /// between its store and its commit): left by a crash, or by an older replacement.
    func orphans(olderThan grace: TimeInterval, isNamed: (String) async throws -> Bool) async throws -> [String] {
        var orphans: [String] = []
        for object in try await objects.list("images/") where Date().timeIntervalSince(object.lastModified) > grace {
            let name = String(object.key.dropFirst("images/".count))
            if try await !isNamed(name) { orphans.append(name) }
        }
        return orphans
    }
}

/// An exclusive `flock` on a file, held for the life of the object (of the process, at most).
final class InstanceLock: Sendable {
    private let descriptor: Int32

    /// Locks a new file first known as `.<name>.new` and renamed to `path` once locked, so no sweep ever
    /// sees it unlocked.
    init(path: String) throws {
        let url = URL(fileURLWithPath: path)
        let pending = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).new").path
        descriptor = open(pending, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0, rename(pending, path) == 0 else {
            throw CocoaError(.fileWriteUnknown)
        }
    }

    deinit { close(descriptor) }

    /// True when some open file holds the lock (its process is alive).
    static func isHeld(_ path: String) -> Bool {
        let descriptor = open(path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return flock(descriptor, LOCK_EX | LOCK_NB) != 0
    }
}

extension PhotoStorage {
    /// The bytes of a photo a row names; nil when it is not there.
    func bytes(of file: String) async throws -> [UInt8]? {
        guard Self.isFileName(file) else { return nil }
        if let path = objects.localPath(Self.key(of: file)) {
            return FileManager.default.contents(atPath: path).map { [UInt8]($0) }
        }
        let copy = try makeTemporaryFile()
        defer { discard(copy) }
        guard try await objects.fetch(Self.key(of: file), to: copy) else { return nil }
        return try [UInt8](Data(contentsOf: copy))
    }
}
