import Foundation

/// A photo attached to a report, saved in the flow's cache folder.
public struct PhotoAttachmentMetadata: Sendable, Equatable, Codable {
    public var id: UUID
    /// The name of the picked file, as shown on the confirmation card.
    public var fileName: String
    public var fileSizeBytes: Int64
    public var imageType: PhotoImageType
    public var cachedURL: URL
    public var savedAt: Date

    public init(
        id: UUID = UUID(), fileName: String, fileSizeBytes: Int64, imageType: PhotoImageType,
        cachedURL: URL, savedAt: Date
    ) {
        self.id = id
        self.fileName = fileName
        self.fileSizeBytes = fileSizeBytes
        self.imageType = imageType
        self.cachedURL = cachedURL
        self.savedAt = savedAt
    }

    /// Seed 004's shape: the file's name is the cached file's, its type the MIME type's (JPEG when
    /// the type is not one of the accepted ones).
    public init(cachedURL: URL, mimeType: String, fileSize: Int64, capturedAt: Date) {
        let type = PhotoImageType.allCases.first { $0.mimeType == mimeType.lowercased() } ?? .jpeg
        self.init(fileName: cachedURL.lastPathComponent, fileSizeBytes: fileSize, imageType: type, cachedURL: cachedURL, savedAt: capturedAt)
    }

    public var mimeType: String { imageType.mimeType }
    /// Seed 004's names.
    public var fileSize: Int64 { fileSizeBytes }
    public var capturedAt: Date { savedAt }

    /// The size in decimal units, e.g. "1.4 MB".
    public var formattedFileSize: String {
        ByteCountFormatter.string(fromByteCount: fileSizeBytes, countStyle: .decimal)
    }
}
