import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PetSpotAPI
import PetSpotDomain
@testable import PetSpotServer
import PetSpotStore
import Testing

/// Reference cases §11.3 (photo upload) and the photo fixes.
@Suite struct PhotoUploadTests {
    /// The files under `<directory>/<sub>`, in any folder; a live instance's lock and empty folder are not files left behind.
    func files(_ directory: URL, _ sub: String) -> [String] {
        let root = directory.appendingPathComponent(sub)
        let all = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String]) ?? []
        return all.filter { path in
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isFolder)
            return !isFolder.boolValue && !path.hasSuffix(".lock")
        }.sorted()
    }

    /// The photo files of report `id` in the photo folder, by extension (their names carry a version).
    func photoExtensions(_ directory: URL, _ id: String) -> [String] {
        files(directory, "images").filter { $0.hasPrefix("\(id).") }.map { String($0.split(separator: ".").last ?? "") }
    }

    @Test func jpegUploadIs201WithEmptyObjectAndServedBack() async throws {
        try await TestApp.run { client, directory throws in
            let (id, password) = try await client.createAnnouncement()
            let response = try await client.uploadPhoto(id, password: password, bytes: Fixture.jpeg, filename: "test.jpg")
            #expect(response.status == .created && response.text == "{}")
            let stored = try await client.send(.get, APIPath.announcement(AnnouncementID(id)))
            #expect(stored.json["photoUrl"] as? String == "/images/\(id).jpeg")
            #expect(try await client.send(.get, APIPath.announcements).listIDs == [id])
            let image = try await client.send(.get, "/images/\(id).jpeg")
            #expect(image.status == .ok && Array(image.body.readableBytesView) == Fixture.jpeg)
            #expect(image.headers[.contentType] == "image/jpeg")
            #expect(image.headers[.cacheControl] == "public, no-cache", "a removed or replaced photo is never served from a cache")
            let range = try await client.send(.get, "/images/\(id).jpeg", headers: [.range: "bytes=0-2"])
            #expect(range.status == .partialContent && Array(range.body.readableBytesView) == [0xFF, 0xD8, 0xFF])
            #expect(files(directory, "tmp") == [])
        }
    }

    @Test func authFailures() async throws {
        try await TestApp.run { client, _ throws in
            let (id, password) = try await client.createAnnouncement()
            let path = APIPath.photos(AnnouncementID(id))
            let cases: [(String?, Int, String, String)] = [
                (nil, 401, "UNAUTHENTICATED", "Authorization header is required"),
                ("Bearer abc", 401, "UNAUTHENTICATED", "Invalid Authorization header format"),
                ("Basic", 401, "UNAUTHENTICATED", "Invalid Authorization header format"),
                ("Basic " + Data("nocolon".utf8).base64EncodedString(), 401, "UNAUTHENTICATED", "Credentials must be in username:password format"),
                ("Basic " + Data(":\(password)".utf8).base64EncodedString(), 401, "UNAUTHENTICATED", "Username and password cannot be empty"),
                // Decoded leniently, as the contract does: garbage is not base64 of anything with a colon.
                ("Basic !!!invalid-base64!!!", 401, "UNAUTHENTICATED", "Credentials must be in username:password format"),
                ("Basic " + Data([0xFF, 0xFE, 0x3A, 0xFF]).base64EncodedString(), 403, "UNAUTHORIZED", "Invalid credentials for this announcement"),
                (Basic.header(id, "wrongpassword"), 403, "UNAUTHORIZED", "Invalid credentials for this announcement"),
            ]
            for (header, status, code, message) in cases {
                var headers: HTTPFields = [.contentType: "multipart/form-data; boundary=x"]
                if let header { headers[.authorization] = header }
                let response = try await client.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(string: "--x--\r\n"))
                #expect(response.status.code == status, "\(header ?? "none")")
                #expect(response.errorCode == code && response.error["message"] as? String == message)
            }
            #expect(try await client.send(.get, APIPath.announcement(AnnouncementID(id))).json["photoUrl"] is NSNull)
            // Without its padding, or with a character outside the alphabet, the right code still works.
            let bare = Data("\(id):\(password)".utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
            #expect(try await client.uploadPhoto(id, password: "", bytes: Fixture.jpeg, authorization: "Basic \(bare)*").status == .created)
            // Any non-empty username works with the right password, as the published apps expect.
            #expect(try await client.uploadPhoto("someone", password: password, bytes: Fixture.jpeg).status == .notFound)
        }
    }

    @Test func unknownAnnouncementIs404() async throws {
        try await TestApp.run { client, _ throws in
            let response = try await client.uploadPhoto("ffffffff-ffff-ffff-ffff-ffffffffffff", password: "password", bytes: Fixture.jpeg)
            #expect(response.status == .notFound && response.errorCode == "NOT_FOUND")
        }
    }

    @Test(arguments: [
        ([UInt8]([0, 1, 2, 3]), "INVALID_FILE_FORMAT"), (Array("%PDF-1.4".utf8), "INVALID_FILE_FORMAT"),
        (Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8), "INVALID_FILE_FORMAT"), ([], "INVALID_FILE_FORMAT"),
    ])
    func nonImagesAreRefusedAndLeaveNothing(_ bytes: [UInt8], _ code: String) async throws {
        try await TestApp.run { client, directory throws in
            let (id, password) = try await client.createAnnouncement()
            let response = try await client.uploadPhoto(id, password: password, bytes: bytes, filename: "test.jpg")
            #expect(response.status == .badRequest && response.errorCode == code && response.error["field"] as? String == "file")
            #expect(try await client.send(.get, APIPath.announcement(AnnouncementID(id))).json["photoUrl"] is NSNull)
            #expect(files(directory, "images") == [] && files(directory, "tmp") == [])
        }
    }

    @Test func oversizedPhotoIs413AndLeavesNothing() async throws {
        try await TestApp.run { client, directory throws in
            let (id, password) = try await client.createAnnouncement()
            let big = [UInt8](repeating: 0xFF, count: 21 * 1024 * 1024)
            let response = try await client.uploadPhoto(id, password: password, bytes: big, filename: "large.jpg")
            #expect(response.status == .contentTooLarge && response.errorCode == "PAYLOAD_TOO_LARGE")
            #expect(try await client.send(.get, APIPath.announcement(AnnouncementID(id))).json["photoUrl"] is NSNull)
            #expect(files(directory, "images") == [] && files(directory, "tmp") == [])
        }
    }

    /// A 100,000² PNG: a few bytes on the wire, ten gigapixels to decode.
    static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + Array("IHDR".utf8) + be(width) + be(height)
            + [8, 2, 0, 0, 0] + [0, 0, 0, 0] + [UInt8](repeating: 0, count: 64)
    }

    @Test func aDecompressionBombIs413AndLeavesNothing() async throws {
        try await TestApp.run { client, directory throws in
            let (id, password) = try await client.createAnnouncement()
            let response = try await client.uploadPhoto(
                id, password: password, bytes: Self.pngHeader(width: 100_000, height: 100_000),
                filename: "bomb.png")
            #expect(response.status == .contentTooLarge && response.error["message"] as? String == "Image exceeds maximum of 100 megapixels")
            #expect(try await client.send(.get, APIPath.announcement(AnnouncementID(id))).json["photoUrl"] is NSNull)
            #expect(files(directory, "images") == [] && files(directory, "tmp") == [])
        }
    }

    /// A JPEG's frame behind 320 KB of padding segments is still found: 20,000² is refused.
    @Test func aFrameBehindPaddingIsStillRead() async throws {
        let padding = (0..<5).flatMap { _ in [0xFF, 0xE2, 0xFF, 0xFF] + [UInt8](repeating: 0, count: 0xFFFD) }
        let frame: [UInt8] = [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x4E, 0x20, 0x4E, 0x20, 0x03] + [UInt8](repeating: 1, count: 9)
        let jpeg: [UInt8] = [0xFF, 0xD8] + padding + [0xFF, 0xFF, 0xFF] + frame + [0xFF, 0xD9]
        #expect(ImageDimensions.size(of: jpeg, type: .jpeg)! == (20_000, 20_000))
        try await TestApp.run { client, _ throws in
            let (id, password) = try await client.createAnnouncement()
            #expect(try await client.uploadPhoto(id, password: password, bytes: jpeg, filename: "big.jpg").status == .contentTooLarge)
        }
    }

    /// A GIF with a 1×1 screen and one 20,000² frame: 42 bytes, 400 megapixels for libvips to decode.
    static let gifBomb: [UInt8] =
        Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        + [0x2C, 0, 0, 0, 0, 0x20, 0x4E, 0x20, 0x4E, 0] + [2, 2, 0x44, 0x01, 0] + [0x3B]

    @Test func aGIFsFramesCountNotOnlyItsScreen() async throws {
        #expect(ImageDimensions.size(of: Self.gifBomb, type: .gif)! == (20_000, 20_000))
        // Decoders ignore the version bytes, and so does the check.
        #expect(ImageDimensions.size(of: Array("GIF8Za".utf8) + Self.gifBomb.dropFirst(6), type: .gif)! == (20_000, 20_000))
        // A frame after an extension block and inside the screen changes nothing.
        let small =
            Array("GIF89a".utf8) + [0x40, 0x01, 0xF0, 0x00, 0, 0, 0] + [0x21, 0xF9, 4, 0, 0, 0, 0, 0]
            + [0x2C, 10, 0, 10, 0, 100, 0, 50, 0, 0] + [2, 2, 0x44, 0x01, 0] + [0x3B]
        #expect(ImageDimensions.size(of: small, type: .gif)! == (320, 240))
        try await TestApp.run { client, _ throws in
            let (id, password) = try await client.createAnnouncement()
            let response = try await client.uploadPhoto(id, password: password, bytes: Self.gifBomb, filename: "bomb.gif")
            #expect(response.status == .contentTooLarge && response.error["message"] as? String == "Image exceeds maximum of 100 megapixels")
        }
    }

    @Test func declaredSizesAreReadFromEveryHeader() {
        #expect(ImageDimensions.size(of: Self.pngHeader(width: 4032, height: 3024), type: .png)! == (4032, 3024))
        let gif = Array("GIF89a".utf8) + [0x40, 0x1F, 0x10, 0x27] + [UInt8](repeating: 0, count: 8)
        #expect(ImageDimensions.size(of: gif, type: .gif)! == (8000, 10000))
        // A JPEG: SOI, an APP0 segment to skip, then SOF0 with height 3000 and width 4000.
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x0B, 0xB8, 0x0F, 0xA0, 0x03]
        #expect(ImageDimensions.size(of: jpeg, type: .jpeg)! == (4000, 3000))
        var vp8x = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8X".utf8) + [UInt8](repeating: 0, count: 8)
        vp8x += [0x9F, 0x86, 0x01, 0x9F, 0x86, 0x01] // 99,999 + 1 on each side
        #expect(ImageDimensions.size(of: vp8x, type: .webp)! == (100_000, 100_000))
        #expect(ImageDimensions.size(of: Array(jpeg.prefix(6)), type: .jpeg) == nil)
    }

    /// As the old backend's upload parser: a part named only in RFC 5987's extended form is a file, and
    /// that form wins over a plain `filename`.
    @Test func aFileNamedInTheExtendedFormIsAFile() async throws {
        #expect(ContentDisposition(#"form-data; name="photo"; filename*=UTF-8''p%C5%82.jpg"#).fileName == "pł.jpg")
        #expect(ContentDisposition(#"form-data; name="photo"; filename="a.jpg"; filename*=UTF-8''b.jpg"#).fileName == "b.jpg")
        #expect(ContentDisposition(#"form-data; name="photo"; filename*=UTF-8''b.jpg; filename="a.jpg""#).fileName == "b.jpg")
        #expect(ContentDisposition(#"form-data; name="photo"; filename="a.jpg""#).fileName == "a.jpg")
        try await TestApp.run { client, _ throws in
            let (id, password) = try await client.createAnnouncement()
            var body = ByteBuffer(string: "--b\r\nContent-Disposition: form-data; name=\"photo\"; filename*=UTF-8''p%C5%82.jpg\r\n\r\n")
            body.writeBytes(Fixture.jpeg)
            body.writeString("\r\n--b--\r\n")
            let response = try await client.execute(
                uri: APIPath.photos(AnnouncementID(id)), method: .post,
                headers: [.authorization: Basic.header(id, password), .contentType: "multipart/form-data; boundary=b"], body: body)
            #expect(response.status == .created, "\(response.text)")
        }
    }

    @Test func bodyProblemsAre4xx() async throws {
        try await TestApp.run { client, directory throws in
            let (id, password) = try await client.createAnnouncement()
            let auth = Basic.header(id, password)
            let path = APIPath.photos(AnnouncementID(id))
            func post(_ contentType: String, _ body: String) async throws -> TestResponse {
                try await client.execute(
                    uri: path, method: .post, headers: [.authorization: auth, .contentType: contentType],
                    body: ByteBuffer(string: body))
            }
            let textOnly = try await post("multipart/form-data; boundary=b", "--b\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\ntest\r\n--b--\r\n")
            #expect(textOnly.status == .badRequest && textOnly.errorCode == "MISSING_FILE" && textOnly.error["field"] as? String == "photo")
            // As the old backend (multer): a `photo` part without a file name is a text field, not a file.
            let photoAsText = try await post(
                "multipart/form-data; boundary=b", "--b\r\nContent-Disposition: form-data; name=\"photo\"\r\n\r\nhello\r\n--b--\r\n")
            #expect(photoAsText.status == .badRequest && photoAsText.errorCode == "MISSING_FILE")
            #expect(photoAsText.error["message"] as? String == "Photo field is required")
            let notMultipart = try await post("application/json", "{}")
            #expect(notMultipart.status == .badRequest && notMultipart.errorCode == "MISSING_FILE")
            let wrongField = try await client.uploadPhoto(id, password: password, bytes: Fixture.jpeg, field: "file")
            #expect(wrongField.status == .badRequest && wrongField.errorCode == "INVALID_FIELD" && wrongField.error["field"] as? String == "file")
            let truncated = try await post(
                "multipart/form-data; boundary=b",
                "--b\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"a.jpg\"\r\n\r\n\u{FF}\u{D8}")
            #expect(truncated.status == .badRequest && truncated.errorCode == "INVALID_FORMAT")
            let twoPhotos =
                "--b\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"a.gif\"\r\n\r\nGIF89a\r\n"
                + "--b\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"b.gif\"\r\n\r\nGIF89a\r\n--b--\r\n"
            let two = try await post("multipart/form-data; boundary=b", twoPhotos)
            #expect(two.status == .badRequest && two.errorCode == "INVALID_FIELD")
            #expect(files(directory, "images") == [] && files(directory, "tmp") == [])
        }
    }

    @Test func replacingWithAnotherTypeDeletesTheOldFile() async throws {
        try await TestApp.run { client, directory throws in
            let (id, password) = try await client.createAnnouncement()
            #expect(try await client.uploadPhoto(id, password: password, bytes: Fixture.jpeg, filename: "test1.jpg").status == .created)
            #expect(try await client.uploadPhoto(id, password: password, bytes: Fixture.jpeg, filename: "test2.png").status == .created)
            #expect(photoExtensions(directory, id) == ["jpeg"] && files(directory, "images").count == 1)
            #expect(try await client.uploadPhoto(id, password: password, bytes: Fixture.png).status == .created)
            #expect(photoExtensions(directory, id) == ["png"] && files(directory, "images").count == 1)
            #expect(try await client.send(.get, APIPath.announcement(AnnouncementID(id))).json["photoUrl"] as? String == "/images/\(id).png")
        }
    }

    @Test func imageTypesByMagicBytes() {
        let heic: [UInt8] = [0, 0, 0, 24] + Array("ftypheic".utf8)
        #expect(ImageTypeProbe.detect([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46]) == "jpeg")
        #expect(ImageTypeProbe.detect([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]) == "gif")
        #expect(ImageTypeProbe.detect([0x42, 0x4D] + [UInt8](repeating: 0, count: 8)) == "bmp")
        #expect(ImageTypeProbe.detect(Array("RIFF\0\0\0\0WEBP".utf8)) == "webp")
        #expect(ImageTypeProbe.detect([0x49, 0x49, 0x2A, 0x00, 0, 0, 0, 0, 0, 0]) == "tiff")
        #expect(ImageTypeProbe.detect(heic) == "heic")
        #expect(ImageTypeProbe.detect([0, 0, 0, 24] + Array("ftypmif1".utf8)) == "heif")
        for rejected in [
            [0xAB, 0xCD, 0xEF], Array("Hello World".utf8), [], [0x25, 0x50, 0x44, 0x46],
            [0, 0, 0, 24] + Array("ftypavif".utf8), [0, 0, 0, 24] + Array("ftypmsf1".utf8),
            [0xFF, 0xD8, 0xFF, 0xF7, 0x00, 0x0B], // JPEG-LS, which no browser shows
        ] as [[UInt8]] {
            #expect(ImageTypeProbe.detect(rejected) == nil)
        }
    }
}

@testable import PetSpotServer

enum ImageTypeProbe {
    static func detect(_ bytes: [UInt8]) -> String? { ImageType.detect(bytes)?.fileExtension }
}
