import Foundation

/// The photo formats the app accepts, recognised by their first bytes rather than by a file name.
public enum PhotoImageType: String, Sendable, Codable, CaseIterable {
    case jpeg, png, heic, gif, webp

    /// The type the bytes start with, or nil when they are not one of the accepted formats.
    public init?(magicBytes data: Data) {
        let bytes = [UInt8](data.prefix(12))
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
            self = .gif
        } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            self = .webp
        } else if Self.isHEIC(bytes) {
            self = .heic
        } else {
            return nil
        }
    }

    /// ISO base media files whose `ftyp` brand is a HEIF/HEIC one.
    private static func isHEIC(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 12, Array(bytes[4..<8]) == Array("ftyp".utf8) else { return false }
        let brand = String(decoding: bytes[8..<12], as: UTF8.self)
        return ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].contains(brand)
    }

    public var mimeType: String {
        switch self {
        case .jpeg: return "image/jpeg"
        case .png: return "image/png"
        case .heic: return "image/heic"
        case .gif: return "image/gif"
        case .webp: return "image/webp"
        }
    }

    public var fileExtension: String {
        self == .jpeg ? "jpg" : rawValue
    }
}
