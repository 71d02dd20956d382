import Foundation

/// The rules a picked photo must meet before it is attached: not empty, an accepted format (by its
/// bytes), and no larger than 10 MB.
public enum PhotoAttachmentValidator {
    /// The largest photo accepted, 10 MB as the upload tile promises.
    public static let maxBytes = 10 * 1024 * 1024

    /// The photo's type, or the reason it is refused.
    public static func validate(_ data: Data) throws(PhotoAttachmentError) -> PhotoImageType {
        guard !data.isEmpty else { throw .empty }
        guard data.count <= maxBytes else { throw .tooLarge(bytes: data.count) }
        guard let type = PhotoImageType(magicBytes: data) else { throw .unsupportedType }
        return type
    }
}
