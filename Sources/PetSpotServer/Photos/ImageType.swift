import Foundation

/// The image types a photo may have, told by their first bytes (never by name or declared type).
public enum ImageType: String, Sendable, CaseIterable {
    case jpeg, png, gif, webp, bmp, tiff, heic, heif

    /// The bytes needed to tell every type apart.
    public static let sniffLength = 12

    public var fileExtension: String { rawValue }
    public var mimeType: String { "image/\(rawValue)" }

    /// A file's first bytes, enough for `detect`.
    static func head(of file: URL) throws -> [UInt8] {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        return Array(try handle.read(upToCount: sniffLength) ?? Data())
    }

    /// The type of a file that starts with `bytes`; nil for anything else (PDF, SVG, AVIF, HEIF sequences…).
    public static func detect(_ bytes: [UInt8]) -> ImageType? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        // FF D8 FF F7 starts a JPEG-LS file, which no browser shows.
        if starts([0xFF, 0xD8, 0xFF]) { return starts([0xF7], at: 3) ? nil : .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(Array("GIF".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts([0x42, 0x4D]) { return .bmp }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) {
            // Canon CR2 raw files share the TIFF header and carry "CR" at byte 8.
            return starts([0x43, 0x52], at: 8) ? nil : .tiff
        }
        if starts(Array("ftyp".utf8), at: 4), bytes.count >= 12 {
            switch String(decoding: bytes[8..<12], as: UTF8.self) {
            case "heic", "heix": return .heic
            case "mif1": return .heif
            default: return nil
            }
        }
        return nil
    }
}
