import Foundation

/// The photo folder: `<data-dir>/images` holds `<id>.<ext>`; uploads are written under `<data-dir>/tmp`
/// first and renamed into place, so a reader never sees half a file.
public struct PhotoStorage: Sendable {
    public let imagesDirectory: URL
    public let temporaryDirectory: URL

    public init(dataDirectory: URL) throws {
        imagesDirectory = dataDirectory.appendingPathComponent("images", isDirectory: true)
        temporaryDirectory = dataDirectory.appendingPathComponent("tmp", isDirectory: true)
        for directory in [imagesDirectory, temporaryDirectory] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
    }

    /// A new empty file in the temporary folder.
    func makeTemporaryFile() throws -> URL {
        let url = temporaryDirectory.appendingPathComponent("upload-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o644]) else {
            throw CocoaError(.fileWriteUnknown)
        }
        return url
    }

    /// The file name for an announcement's photo. Ids that are not plain (`[A-Za-z0-9_-]`) never reach the
    /// file system as they are.
    public static func fileName(for id: String, type: ImageType) -> String {
        let plain = !id.isEmpty && id.count <= 100 && id.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
        }
        let base = plain ? id : String(Hex.encode(Array(id.utf8)).prefix(100))
        return "\(base).\(type.fileExtension)"
    }

    /// Moves a finished upload into place, replacing any file of the same name atomically.
    func install(_ temporary: URL, as name: String) throws {
        let destination = imagesDirectory.appendingPathComponent(name)
        guard rename(temporary.path, destination.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// Deletes the file a `photoUrl` names, if it is a plain file name in the photo folder.
    func remove(photoURL: String?) {
        guard let name = Self.localName(photoURL) else { return }
        try? FileManager.default.removeItem(at: imagesDirectory.appendingPathComponent(name))
    }

    /// `/images/<name>` → `<name>`, for names without path separators or leading dots.
    static func localName(_ photoURL: String?) -> String? {
        guard let photoURL, photoURL.hasPrefix("/images/") else { return nil }
        let name = String(photoURL.dropFirst("/images/".count))
        guard !name.isEmpty, !name.hasPrefix("."), !name.contains("/"), !name.contains("\\") else { return nil }
        return name
    }

    func discard(_ temporary: URL) {
        try? FileManager.default.removeItem(at: temporary)
    }
}
