import Foundation
import PetSpotAPI
import PetSpotDomain
import PetSpotLooks
import PetSpotTestSupport
@testable import PetSpotServer
import Testing

/// A photo taken at home must not tell strangers where home is: an uploaded photo's GPS tags and XMP are
/// gone from the photo everyone can fetch, its orientation stays. libvips, when installed (CI installs
/// it), is the reader that must find no place; it also writes the WebP, TIFF and JPEG copies.
@Suite struct PhotoLocationTests {
    /// A little-endian EXIF block: orientation 6 (taken upright on a phone held sideways), then GPS
    /// 52°13'37" N, 21°1'45" E.
    static let exif: [UInt8] = {
        func u16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        func u32(_ value: Int) -> [UInt8] { u16(value & 0xFFFF) + u16(value >> 16) }
        let gps = 8 + 2 + 12 * 2 + 4, values = gps + 2 + 12 * 4 + 4
        var bytes = Array("II".utf8) + u16(42) + u32(8) + u16(2)
        bytes += u16(0x0112) + u16(3) + u32(1) + u32(6) + u16(0x8825) + u16(4) + u32(1) + u32(gps) + u32(0)
        bytes += u16(4) + u16(1) + u16(2) + u32(2) + Array("N\0\0\0".utf8) + u16(2) + u16(5) + u32(3) + u32(values)
        bytes += u16(3) + u16(2) + u32(2) + Array("E\0\0\0".utf8) + u16(4) + u16(5) + u32(3) + u32(values + 24) + u32(0)
        return bytes + [52, 1, 13, 1, 3700, 100, 21, 1, 1, 1, 4500, 100].flatMap(u32)
    }()
    static let exifHeader = Array("Exif\0\0".utf8)
    static let xmp = Array("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><exif:GPSLatitude>52,13.61N</exif:GPSLatitude></x:xmpmeta>".utf8)

    /// A small PNG with the EXIF block in an `eXIf` chunk after its header.
    static var png: [UInt8] {
        let plain = DemoPhoto.png(width: 32, height: 24, color: (200, 120, 40))
        let name = Array("eXIf".utf8)
        let length = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: exif.count >> $0) }
        let crc = PhotoLocation.crc32(name + exif)
        return Array(plain[..<33]) + length + name + exif + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> $0) } + plain[33...]
    }

    /// `bytes` with an APP1 segment holding `payload` right after the JPEG's start marker.
    static func withSegment(_ bytes: [UInt8], _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return Array(bytes[..<2]) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + bytes[2...]
    }

    /// Whether `bytes` hold the EXIF block's latitude, 52/1 13/1 3700/100.
    static func hasLatitude(_ bytes: [UInt8]) -> Bool {
        let latitude: [UInt8] = [52, 0, 0, 0, 1, 0, 0, 0, 13, 0, 0, 0, 1, 0, 0, 0, 0x74, 0x0E]
        return bytes.indices.dropLast(latitude.count).contains { bytes[$0..<$0 + latitude.count].elementsEqual(latitude) }
    }

    /// What libvips reads of a file's metadata; nil without libvips.
    static func vipsHeader(_ bytes: [UInt8], suffix: String) throws -> String? {
        guard let tool = Thumbnails.locateTool(named: "vipsheader") else { return nil }
        let file = FileManager.default.temporaryDirectory.appending(path: "\(UUID().uuidString).\(suffix)")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try Self.run(tool, ["-a", file.path])
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        String(decoding: try #require(ToolProcess.run(tool, arguments, outputLimit: 1 << 20)).output, as: UTF8.self)
    }

    /// The same image in another format, written by libvips with the metadata; nil without libvips.
    static func converted(_ png: [UInt8], to suffix: String) throws -> [UInt8]? {
        guard let tool = Thumbnails.locateTool(named: "vips") else { return nil }
        let folder = FileManager.default.temporaryDirectory.appending(path: UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(png).write(to: folder.appending(path: "in.png"))
        _ = try run(tool, ["copy", folder.appending(path: "in.png").path, folder.appending(path: "out.\(suffix)").path])
        // libvips writes HEIC only with libheif's encoder installed.
        return (try? Data(contentsOf: folder.appending(path: "out.\(suffix)"))).map { [UInt8]($0) }
    }

    @Test func anUploadedPhotoKeepsItsOrientationButNotWhereItWasTaken() async throws {
        // The JPEG made here is no picture (libvips cannot read it); the others are real images.
        var photos = [("jpeg", Self.withSegment(Self.withSegment(Fixture.jpeg, Self.xmp), Self.exifHeader + Self.exif), false)]
        photos.append(("png", Self.png, true))
        for suffix in ["jpeg", "webp", "heic"] {
            if let bytes = try Self.converted(Self.png, to: suffix) {
                photos.append((suffix, suffix == "jpeg" ? Self.withSegment(bytes, Self.xmp) : bytes, true))
            }
        }
        for (suffix, bytes, readable) in photos where readable {
            if let before = try Self.vipsHeader(bytes, suffix: suffix) {
                #expect(before.contains("GPSLatitude") && photos.count >= 4, "libvips reads the place before the upload")
            }
        }
        try await TestApp.run { [photos] client, _ throws in
            for (suffix, bytes, readable) in photos {
                let (id, password) = try await client.createAnnouncement()
                #expect(try await client.uploadPhoto(id, password: password, bytes: bytes).status == .created)
                let url = try #require(try await client.send(.get, APIPath.announcement(AnnouncementID(id))).json["photoUrl"] as? String)
                let served = Array(try await client.send(.get, url).body.readableBytesView)
                #expect(served.count == bytes.count, "\(suffix): the file keeps its length")
                let text = String(decoding: served, as: UTF8.self)
                #expect(!text.contains("GPSLatitude") && !text.contains("52,13.61N"), "\(suffix)")
                #expect(!Self.hasLatitude(served), "\(suffix)")
                if readable, let header = try Self.vipsHeader(served, suffix: suffix), let before = try Self.vipsHeader(bytes, suffix: suffix) {
                    #expect(!header.contains("GPS"), "\(suffix): \(header)")
                    // Kept as it was (HEIC keeps it in the picture itself, not in EXIF).
                    #expect(header.contains("orientation: 6") == before.contains("orientation: 6"), "\(suffix): \(header)")
                    #expect(suffix == "heic" || header.contains("orientation: 6"), "\(suffix): \(header)")
                }
            }
        }
    }

    /// Photos kept before uploads were cleaned are cleaned in the store by `petspot photos scrub`, once;
    /// a photo that tells nothing is left as it was.
    @Test func theScrubCleansPhotosKeptBefore() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "petspot-scrub-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let objects = try FolderPhotoObjects(root: directory), plain = DemoPhoto.png(width: 8, height: 8, color: (1, 2, 3))
        try await objects.store("images/old.png", bytes: Self.png)
        try await objects.store("images/plain.png", bytes: plain)
        let configuration = ServerConfiguration(dataDirectory: directory)
        let first = try await PhotoMaintenance.scrub(configuration)
        #expect(first.read == 2 && first.cleaned == 1)
        let old = [UInt8](try Data(contentsOf: directory.appending(path: "images/old.png")))
        #expect(Self.hasLatitude(Self.png) && !Self.hasLatitude(old) && old.count == Self.png.count)
        if let header = try Self.vipsHeader(old, suffix: "png") { #expect(!header.contains("GPS"), "\(header)") }
        #expect([UInt8](try Data(contentsOf: directory.appending(path: "images/plain.png"))) == plain)
        let again = try await PhotoMaintenance.scrub(configuration)
        #expect(again.read == 2 && again.cleaned == 0, "a second run changes nothing")
    }

    /// A TIFF file's own GPS block goes the same way; its first block (the orientation) is untouched.
    @Test func aTIFFLosesItsGPSBlock() throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "\(UUID().uuidString).tiff")
        try Data(Self.exif).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try PhotoLocation.remove(from: file, type: .tiff)
        let after = [UInt8](try Data(contentsOf: file))
        #expect(after.count == Self.exif.count && after[..<38] == Self.exif[..<38])
        #expect(after[38...].allSatisfy { $0 == 0 }, "the GPS block, its entries and its values are zeroed")
        // A block that cannot be followed is left as it was.
        var odd = Array(Self.exif[..<20])
        #expect(!TIFFGPS.empty(&odd, at: 0) && odd == Array(Self.exif[..<20]))
    }

    /// A 1×1 GIF with a loop count, XMP (with its magic trailer, as writers add it) and a comment naming a city.
    static let gif: [UInt8] = {
        let xmp = Array("<x:xmpmeta><exif:GPSLatitude>52,13.61N</exif:GPSLatitude></x:xmpmeta>".utf8)
        let trailer: [UInt8] = [0x01] + (0...255).reversed().map { UInt8($0) } + [0x00]
        let comment = Array("City: SecretCity".utf8)
        return Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF]
            + [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
            + [0x21, 0xFF, 11] + Array("XMP DataXMP".utf8) + xmp + trailer
            + [0x21, 0xFE, UInt8(comment.count)] + comment + [0]
            + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0, 0x3B]
    }()

    /// A little-endian TIFF directory holding XMP (tag 700) and an IPTC record (33723) that name the place.
    static let tiffWithXMP: [UInt8] = {
        func u16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        func u32(_ value: Int) -> [UInt8] { u16(value & 0xFFFF) + u16(value >> 16) }
        let xmp = Array("<exif:GPSLatitude>52,13.61N</exif:GPSLatitude>".utf8), iptc = Array("\u{1C}\u{2}ZSecretCity".utf8)
        let data = 8 + 2 + 12 * 2 + 4
        return Array("II".utf8) + u16(42) + u32(8) + u16(2)
            + u16(700) + u16(1) + u32(xmp.count) + u32(data) + u16(33723) + u16(7) + u32(iptc.count) + u32(data + xmp.count) + u32(0)
            + xmp + iptc
    }()

    /// A little-endian EXIF block naming a person and a camera: orientation 6 and Artist in the first
    /// directory, the camera's serial and a comment in the EXIF directory.
    static let exifWithNames: [UInt8] = {
        func u16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        func u32(_ value: Int) -> [UInt8] { u16(value & 0xFFFF) + u16(value >> 16) }
        let artist = Array("Jan Kowalski\0".utf8), serial = Array("SN123456789\0".utf8), comment = Array("ASCII\0\0\0Home at Lipowa 5".utf8)
        let exifIFD = 8 + 2 + 12 * 3 + 4, values = exifIFD + 2 + 12 * 2 + 4
        var bytes = Array("II".utf8) + u16(42) + u32(8) + u16(3)
        bytes += u16(0x0112) + u16(3) + u32(1) + u32(6) + u16(315) + u16(2) + u32(artist.count) + u32(values)
        bytes += u16(0x8769) + u16(4) + u32(1) + u32(exifIFD) + u32(0)
        bytes += u16(2) + u16(42033) + u16(2) + u32(serial.count) + u32(values + artist.count)
        bytes += u16(37510) + u16(7) + u32(comment.count) + u32(values + artist.count + serial.count) + u32(0)
        return bytes + artist + serial + comment
    }()

    /// A photo's EXIF may name its taker (Artist, a comment) and its camera (a serial, which links every
    /// photo that camera took): each is zeroed in a JPEG and a TIFF, the orientation and the length kept
    /// (found by an audit: GPS went, names stayed).
    @Test func namesAndSerialsInTheEXIFAreZeroed() throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: file) }
        let jpeg = Self.withSegment(Fixture.jpeg, Self.exifHeader + Self.exifWithNames)
        for (type, bytes) in [(ImageType.jpeg, jpeg), (.tiff, Self.exifWithNames)] {
            #expect(String(decoding: bytes, as: UTF8.self).contains("Jan Kowalski"), "the sample names the taker")
            try Data(bytes).write(to: file)
            try PhotoLocation.remove(from: file, type: type)
            let after = [UInt8](try Data(contentsOf: file)), text = String(decoding: after, as: UTF8.self)
            #expect(after.count == bytes.count, "\(type)")
            #expect(!text.contains("Kowalski") && !text.contains("SN123456789") && !text.contains("Lipowa"), "\(type)")
            let directory = type == .jpeg ? 2 + 4 + Self.exifHeader.count + 8 : 8
            #expect(after[directory..<directory + 12 + 2] == bytes[directory..<directory + 12 + 2], "\(type): the orientation entry stays")
        }
    }

    /// GIF and TIFF keep a place in XMP, a comment or an IPTC record: each is blanked, the file keeps its
    /// length, and a GIF its loop count and picture (libvips still reads it).
    @Test func aGIFsAndATIFFsTextsLoseThePlace() throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: file) }
        for (type, bytes) in [(ImageType.gif, Self.gif), (.tiff, Self.tiffWithXMP)] {
            try Data(bytes).write(to: file)
            try PhotoLocation.remove(from: file, type: type)
            let after = [UInt8](try Data(contentsOf: file)), text = String(decoding: after, as: UTF8.self)
            #expect(String(decoding: bytes, as: UTF8.self).contains("SecretCity"), "the sample names the place")
            #expect(after.count == bytes.count && !text.contains("GPSLatitude") && !text.contains("SecretCity") && !text.contains("XMP"), "\(type)")
        }
        try Data(Self.gif).write(to: file)
        try PhotoLocation.remove(from: file, type: .gif)
        let gif = [UInt8](try Data(contentsOf: file))
        #expect(String(decoding: gif, as: UTF8.self).contains("NETSCAPE2.0") && gif.suffix(16) == Self.gif.suffix(16))
        if let header = try Self.vipsHeader(gif, suffix: "gif") { #expect(header.contains("width: 1"), "\(header)") }
    }

    /// The other ways writers keep a place: fill bytes before a JPEG's segment, an `Exif\0` header with
    /// another last byte, XMP under a header of its own, a Photoshop block, a second picture stored after
    /// the first; PNG text chunks holding XMP
    /// or a raw EXIF profile (ImageMagick's and exiv2's, compressed or not). None is left; each file
    /// keeps its length, and a PNG its valid chunks.
    @Test func everyPackagingOfThePlaceIsEmptied() throws {
        func chunk(_ name: String, _ data: [UInt8]) -> [UInt8] {
            let length = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: data.count >> $0) }
            let crc = PhotoLocation.crc32(Array(name.utf8) + data)
            return length + Array(name.utf8) + data + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> $0) }
        }
        let hex = Array(Self.exif.map { String(format: "%02x", $0) }.joined().utf8)
        let plain = DemoPhoto.png(width: 16, height: 12, color: (10, 200, 90))
        let text =
            chunk("tEXt", Array("Raw profile type exif\0\nexif\n    \(Self.exif.count)\n".utf8) + hex)
            + chunk("zTXt", Array("Raw profile type exif\0\0".utf8) + [0x78, 0x9C] + hex.prefix(40))
            + chunk("tEXt", Array("XML:com.adobe.xmp\0".utf8) + Self.xmp.dropFirst(29))
        let png = Array(plain[..<33]) + text + plain[33...]
        var fill = Self.withSegment(Fixture.jpeg, Self.exifHeader + Self.exif)
        fill.insert(0xFF, at: 2)
        let jpegs = [
            fill, Self.withSegment(Fixture.jpeg, Array("Exif\0\u{1}".utf8) + Self.exif),
            Self.withSegment(Fixture.jpeg, Array("XMP\0".utf8) + Self.xmp.dropFirst(29)),
        ]
        let photoshop = Array(Fixture.jpeg[..<2]) + [0xFF, 0xED, 0x00, 0x12] + Array("Photoshop 3.0\0GPS".utf8) + Fixture.jpeg[2...]
        // A second picture after the first (MPF's depth or HDR map) with EXIF of its own.
        let second = Fixture.jpeg + Self.withSegment(Fixture.jpeg, Self.exifHeader + Self.exif)
        let file = FileManager.default.temporaryDirectory.appending(path: "\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: file) }
        for (type, bytes) in [(ImageType.png, png)] + (jpegs + [photoshop, second]).map({ (ImageType.jpeg, $0) }) {
            try Data(bytes).write(to: file)
            try PhotoLocation.remove(from: file, type: type)
            let after = [UInt8](try Data(contentsOf: file)), text = String(decoding: after, as: UTF8.self)
            #expect(after.count == bytes.count && !Self.hasLatitude(after), "\(type)")
            #expect(!text.contains("GPSLatitude") && !text.contains("Raw profile") && !text.contains("GPS") && !text.contains("zTXt"), "\(type)")
        }
        // Every chunk of the cleaned PNG still has its right CRC, and libvips reads it.
        try Data(png).write(to: file)
        try PhotoLocation.remove(from: file, type: .png)
        let cleaned = [UInt8](try Data(contentsOf: file))
        var offset = 8
        while offset + 12 <= cleaned.count {
            let length = cleaned[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let crc = cleaned[offset + 8 + length..<offset + 12 + length].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            #expect(PhotoLocation.crc32(Array(cleaned[offset + 4..<offset + 8 + length])) == crc)
            offset += 12 + length
        }
        if let header = try Self.vipsHeader(cleaned, suffix: "png") { #expect(header.contains("width: 16") && header.contains("height: 12"), "\(header)") }
    }

    /// Free text names people and places too (an audit found them served): a PNG's text chunks of any
    /// keyword (an author, a description, a comment, compressed or international) and a JPEG's comment
    /// become blank, the files keep their length, and libvips reads the PNG with no text left.
    @Test func textChunksAndCommentsAreBlanked() throws {
        func chunk(_ name: String, _ data: [UInt8]) -> [UInt8] {
            let length = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: data.count >> $0) }
            let crc = PhotoLocation.crc32(Array(name.utf8) + data)
            return length + Array(name.utf8) + data + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> $0) }
        }
        let plain = DemoPhoto.png(width: 16, height: 12, color: (10, 200, 90))
        let texts =
            chunk("tEXt", Array("Author\0Jan Kowalski, ul. Tajna 5".utf8))
            + chunk("iTXt", Array("Description\0\0\0pl\0\0dom przy Tajnej 5".utf8))
            + chunk("zTXt", Array("Comment\0\0".utf8) + [0x78, 0x9C, 0x4B, 0x04, 0x00])
            + chunk("tEXt", Array("a\0".utf8))
        let png = Array(plain[..<33]) + texts + plain[33...]
        let comment = Array("taken at ul. Tajna 5 by Jan Kowalski".utf8)
        let jpeg = Array(Fixture.jpeg[..<2]) + [0xFF, 0xFE, 0x00, UInt8(comment.count + 2)] + comment + Fixture.jpeg[2...]
        let file = FileManager.default.temporaryDirectory.appending(path: "\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: file) }
        for (type, bytes) in [(ImageType.png, png), (.jpeg, jpeg)] {
            try Data(bytes).write(to: file)
            try PhotoLocation.remove(from: file, type: type)
            let after = [UInt8](try Data(contentsOf: file)), text = String(decoding: after, as: UTF8.self)
            #expect(after.count == bytes.count, "\(type)")
            #expect(!text.contains("Kowalski") && !text.contains("Tajn") && !text.contains("Author") && !text.contains("iTXt"), "\(type)")
            if type == .png, let header = try Self.vipsHeader(after, suffix: "png") {
                #expect(header.contains("width: 16") && !header.contains("Kowalski") && !header.contains("Author"), "\(header)")
            }
        }
    }

    /// Files broken anywhere (a wrong length, an offset past the end, a loop of boxes) are read without a
    /// crash: each byte changed, and every cut, leaves the server standing and the file its length.
    @Test func brokenFilesNeitherCrashNorGrow() throws {
        var samples: [(ImageType, [UInt8])] = [
            (.png, Self.png), (.jpeg, Self.withSegment(Self.withSegment(Fixture.jpeg, Self.xmp), Self.exifHeader + Self.exif)), (.tiff, Self.exif),
            (.gif, Self.gif), (.tiff, Self.tiffWithXMP),
        ]
        for (type, suffix) in [(ImageType.webp, "webp"), (.heic, "heic")] {
            if let bytes = try Self.converted(Self.png, to: suffix) { samples.append((type, bytes)) }
        }
        var generator = SeededGenerator(seed: 7)
        let file = FileManager.default.temporaryDirectory.appending(path: "\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: file) }
        for (type, bytes) in samples {
            for round in 0..<400 {
                var broken = bytes
                if round % 4 == 0 {
                    broken = Array(broken.prefix(Int.random(in: 0..<broken.count, using: &generator)))
                } else {
                    for _ in 0..<Int.random(in: 1...4, using: &generator) {
                        broken[Int.random(in: 0..<broken.count, using: &generator)] = [0, 0xFF, 0x7F, 0x80, UInt8.random(in: 0...255, using: &generator)]
                            .randomElement(using: &generator)!
                    }
                }
                try Data(broken).write(to: file)
                try PhotoLocation.remove(from: file, type: type)
                #expect(try Data(contentsOf: file).count == broken.count, "\(type) round \(round)")
            }
        }
    }
}
