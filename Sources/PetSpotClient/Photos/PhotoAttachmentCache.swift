import Foundation

/// Keeps the one photo of a report flow on disk, in a folder given at creation (one folder per flow).
/// Saving replaces the previous photo and deletes its file, so no orphan files are left behind.
public actor PhotoAttachmentCache {
    public nonisolated let directory: URL
    private let now: @Sendable () -> Date
    private var metadataURL: URL { directory.appendingPathComponent("metadata.json") }

    /// The app's photo folder, `<Caches>/PetSpot/ReportMissingPet/`, as the reference app names it (one
    /// for both flows: a flow is one modal at a time).
    public static var defaultDirectory: URL {
        let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first ?? FileManager.default.temporaryDirectory
        return caches.appendingPathComponent("PetSpot/ReportMissingPet", isDirectory: true)
    }

    public init(directory: URL = PhotoAttachmentCache.defaultDirectory, now: @escaping @Sendable () -> Date = Date.init) {
        self.directory = directory
        self.now = now
    }

    /// Checks and stores `selection`, replacing any photo saved before.
    public func save(_ selection: PhotoSelection) throws(PhotoAttachmentError) -> PhotoAttachmentMetadata {
        let type = try PhotoAttachmentValidator.validate(selection.data)
        let id = UUID()
        let url = directory.appendingPathComponent("\(id.uuidString).\(type.fileExtension)")
        let metadata = PhotoAttachmentMetadata(
            id: id, fileName: Self.displayName(selection.fileName, type: type),
            fileSizeBytes: Int64(selection.data.count), imageType: type, cachedURL: url, savedAt: now())
        let previous = try? loadCurrent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try selection.data.write(to: url, options: .atomic)
            try JSONEncoder().encode(metadata).write(to: metadataURL, options: .atomic)
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw .writeFailed
        }
        if let previous { try? FileManager.default.removeItem(at: previous.cachedURL) }
        return metadata
    }

    /// The saved photo, or nil when there is none (a record whose file is gone is dropped).
    public func loadCurrent() throws(PhotoAttachmentError) -> PhotoAttachmentMetadata? {
        guard let data = try? Data(contentsOf: metadataURL) else { return nil }
        guard let metadata = try? JSONDecoder().decode(PhotoAttachmentMetadata.self, from: data),
            FileManager.default.fileExists(atPath: metadata.cachedURL.path)
        else {
            try? FileManager.default.removeItem(at: metadataURL)
            return nil
        }
        return metadata
    }

    /// The bytes of a saved photo.
    public func data(for metadata: PhotoAttachmentMetadata) throws(PhotoAttachmentError) -> Data {
        do { return try Data(contentsOf: metadata.cachedURL) } catch { throw .missingCachedFile }
    }

    public func fileExists(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path)
    }

    /// Deletes the saved photo and its record, and every other file left in the folder.
    public func clearCurrent() throws(PhotoAttachmentError) {
        guard FileManager.default.fileExists(atPath: directory.path) else { return }
        let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
        for file in files {
            do { try FileManager.default.removeItem(at: file) } catch { throw .writeFailed }
        }
    }

    private static func displayName(_ name: String, type: PhotoImageType) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? "animal-photo.\(type.fileExtension)" : trimmed
    }
}
