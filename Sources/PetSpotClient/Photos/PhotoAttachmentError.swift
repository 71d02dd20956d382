import Foundation

/// Why a picked photo could not be attached.
public enum PhotoAttachmentError: Error, Equatable, Sendable {
    /// The picked file has no bytes.
    case empty
    /// The bytes are not JPEG, PNG, HEIC, GIF or WebP.
    case unsupportedType
    /// The photo is over the size limit (bytes given).
    case tooLarge(bytes: Int)
    /// Writing to or reading from the cache folder failed.
    case writeFailed
    /// The cached file referenced by the metadata is gone.
    case missingCachedFile

    /// The message shown to the person who picked the photo.
    public func message(_ strings: LocalizedStrings) -> String {
        switch self {
        case .empty: return strings[.photoErrorEmpty]
        case .unsupportedType: return strings[.photoErrorUnsupportedType]
        case .tooLarge: return strings[.photoErrorTooLarge]
        case .writeFailed, .missingCachedFile: return strings[.photoErrorSaveFailed]
        }
    }
}
