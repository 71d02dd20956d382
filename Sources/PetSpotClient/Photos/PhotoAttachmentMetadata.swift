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

    public var mimeType: String { imageType.mimeType }

    /// The size in decimal units, e.g. "1.4 MB".
    public var formattedFileSize: String {
        ByteCountFormatter.string(fromByteCount: fileSizeBytes, countStyle: .decimal)
    }
}
