import Foundation
import PetSpotLooks

/// The pixel size an image declares in its header, read without decoding it: a
/// 100,000² PNG is 9.7 MB on the wire but 10 gigapixels to decode, so uploads over `maxPixels` are
/// refused before any thumbnail or browser tries. PNG, GIF (every frame), BMP, WebP and JPEG are read here; TIFF
/// and HEIF, and a JPEG whose frame was not found, through libvips's `vipsheader` when it is installed
/// (header only, no decode).
enum ImageDimensions {
    /// More than any phone camera's default photo (a 200 MP sensor saves 12–50 MP).
    static let maxPixels = 100_000_000
    /// How much of the file the parsers of the other types look at.
    static let headLength = 1024

    static let tooLarge = APIError(
        status: .contentTooLarge, code: .payloadTooLarge,
        message: "Image exceeds maximum of 100 megapixels", field: "photo")

    /// Throws `tooLarge` when the photo at `file` declares more than `maxPixels`. A header that cannot
    /// be read passes: nothing will decode it (its thumbnail fails once and is not tried again).
    static func check(_ file: URL, type: ImageType) async throws {
        guard let (width, height) = await size(of: file, type: type) else { return }
        guard width <= maxPixels / max(height, 1) else { throw tooLarge }
    }

    static func size(of file: URL, type: ImageType) async -> (Int, Int)? {
        switch type {
        case .tiff, .heic, .heif: return await Self.fromTool(file)
        case .gif:
            // Every frame counts, and frames may come anywhere in the file: it is read mapped, not loaded.
            guard let data = try? Data(contentsOf: file, options: .alwaysMapped) else { return nil }
            return data.withUnsafeBytes { gif($0) }
        default:
            guard let handle = try? FileHandle(forReadingFrom: file) else { return nil }
            defer { try? handle.close() }
            // A JPEG's size may come after any number of segments; one not found is libvips's to read.
            if type == .jpeg {
                guard let size = jpeg({ (try? PhotoLocation.read(handle, at: UInt64($0), count: $1)) ?? nil }) else { return await fromTool(file) }
                return size
            }
            let head = Array((try? handle.read(upToCount: headLength)) ?? Data())
            return size(of: head, type: type)
        }
    }

    /// The size in `head`, the first bytes of an image of `type`; nil when it cannot be told.
    static func size(of head: [UInt8], type: ImageType) -> (Int, Int)? {
        func be(_ offset: Int, _ count: Int) -> Int? {
            guard head.count >= offset + count else { return nil }
            return head[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
        }
        func le(_ offset: Int, _ count: Int) -> Int? {
            guard head.count >= offset + count else { return nil }
            return head[offset..<offset + count].reversed().reduce(0) { $0 << 8 | Int($1) }
        }
        // Only a well-formed header is believed; bytes that merely start like an image say nothing.
        func tag(_ offset: Int, _ text: String) -> Bool {
            head.count >= offset + text.utf8.count && Array(head[offset..<offset + text.utf8.count]) == Array(text.utf8)
        }
        switch type {
        case .png: return tag(12, "IHDR") ? pair(be(16, 4), be(20, 4)) : nil
        case .gif: return gif(head)
        case .bmp:
            guard let header = le(14, 4), [12, 40, 52, 56, 64, 108, 124].contains(header) else { return nil }
            return pair(
                le(18, 4).map { Int(Int32(truncatingIfNeeded: $0)) }.map(abs),
                le(22, 4).map { Int(Int32(truncatingIfNeeded: $0)) }.map(abs))
        case .webp: return webp(head, be: be, le: le)
        case .jpeg: return jpeg { offset, count in offset + count <= head.count ? Array(head[offset..<offset + count]) : nil }
        case .tiff, .heic, .heif: return nil
        }
    }

    private static func pair(_ width: Int?, _ height: Int?) -> (Int, Int)? {
        guard let width, let height else { return nil }
        return (width, height)
    }

    private static func webp(_ head: [UInt8], be: (Int, Int) -> Int?, le: (Int, Int) -> Int?) -> (Int, Int)? {
        guard head.count >= 30 else { return nil }
        switch String(decoding: head[12..<16], as: UTF8.self) {
        case "VP8 ": return pair(le(26, 2).map { $0 & 0x3FFF }, le(28, 2).map { $0 & 0x3FFF })
        case "VP8L":
            guard let bits = le(21, 4) else { return nil }
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X": return pair(le(24, 3).map { $0 + 1 }, le(27, 3).map { $0 + 1 })
        default: return nil
        }
    }

    /// The first start-of-frame marker's width and height (`read` gives `count` bytes at an offset, nil
    /// past the end). Any number of segments may come first, so a file is walked through, not its head.
    private static func jpeg(_ read: (Int, Int) -> [UInt8]?) -> (Int, Int)? {
        var size: (Int, Int)?
        JPEGSegments.walk(from: 0, read: read) { marker, offset, _ in
            guard (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) else { return true }
            size = read(offset + 5, 4).map { (Int($0[2]) << 8 | Int($0[3]), Int($0[0]) << 8 | Int($0[1])) }
            return false
        }
        return size
    }

    /// `vipsheader`'s width and height, run off the async threads; nil without the tool or when it cannot
    /// read the file.
    private static func fromTool(_ file: URL) async -> (Int, Int)? {
        guard let tool = Thumbnails.locateTool(named: "vipsheader"), let run = await ToolProcess.runInBackground(tool, [file.path]), run.succeeded
        else { return nil }
        // "<file>: 4032x3024 uchar, 3 bands, srgb, heifload"
        let text = String(decoding: run.output, as: UTF8.self)
        guard let summary = text.split(separator: ":").last?.split(separator: " ").first else { return nil }
        let sides = summary.split(separator: "x").compactMap { Int($0) }
        return sides.count == 2 ? (sides[0], sides[1]) : nil
    }
}

extension APIError {
    /// The web forms' text for a photo refused with this error: too many pixels, too many bytes, or not
    /// a photo PetSpot takes.
    var photoProblemKey: String {
        if status == .contentTooLarge { return message == ImageDimensions.tooLarge.message ? "photoTooManyPixels" : "photoTooLarge" }
        return "photoWrongType"
    }
}
