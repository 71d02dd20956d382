import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PetSpotAPI
import PetSpotDomain
@testable import PetSpotServer
import Testing

/// Light lists: `?w=` serves a small 2:1 JPEG made once from the photo by libvips, replaced
/// with the photo and removed with it. (CI installs libvips-tools; without it the photo itself is served.)
@Suite struct ThumbnailTests {
    /// A JPEG's width and height from its first start-of-frame marker.
    static func jpegSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        var index = 2
        while index + 9 < bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1], length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return (Int(bytes[index + 7]) << 8 | Int(bytes[index + 8]), Int(bytes[index + 5]) << 8 | Int(bytes[index + 6]))
            }
            index += 2 + length
        }
        return nil
    }

    @Test func aLargePhotoIsServedAsASmallThumbnailThatFollowsThePhoto() async throws {
        let large = DemoPhoto.png(width: 1600, height: 1200, color: (200, 120, 40))
        try await TestApp.run { client, directory throws in
            let (id, password) = try await client.createAnnouncement()
            #expect(try await client.uploadPhoto(id, password: password, bytes: large, filename: "big.png").status == .created)
            let thumbnail = try await client.send(.get, "/images/\(id).png?w=400")
            #expect(thumbnail.status == .ok)
            let bytes = Array(thumbnail.body.readableBytesView)
            guard Thumbnails.locateTool() != nil else {
                // No libvips here: the list still gets the photo, unchanged.
                #expect(bytes == large && thumbnail.headers[.contentType] == "image/png")
                return
            }
            #expect(thumbnail.headers[.contentType] == "image/jpeg")
            #expect(Self.jpegSize(bytes)! == (400, 200))
            #expect(bytes.count < 20_000, "a 5.8 MB photo became \(bytes.count) bytes")
            let double = Array(try await client.send(.get, "/images/\(id).png?w=800").body.readableBytesView)
            #expect(Self.jpegSize(double)! == (800, 400))
            // Widths other than the two are not made: the photo is served.
            #expect(Array(try await client.send(.get, "/images/\(id).png?w=5000").body.readableBytesView) == large)

            // A new photo gets new thumbnails; the old ones are gone with the old photo.
            let thumbs = directory.appendingPathComponent("thumbs")
            let before = try FileManager.default.contentsOfDirectory(atPath: thumbs.path)
            #expect(before.count == 2)
            let blue = DemoPhoto.png(width: 800, height: 800, color: (20, 40, 220))
            #expect(try await client.uploadPhoto(id, password: password, bytes: blue, filename: "blue.png").status == .created)
            let again = Array(try await client.send(.get, "/images/\(id).png?w=400").body.readableBytesView)
            #expect(Self.jpegSize(again)! == (400, 200) && again != bytes)
            let after = try FileManager.default.contentsOfDirectory(atPath: thumbs.path)
            #expect(Set(after).isDisjoint(with: before) && after.count == 1)
            // Removing the report removes them too.
            let delete = try await client.send(
                .delete, APIPath.announcement(AnnouncementID(id)),
                headers: [.authorization: Basic.header(id, password)])
            #expect(delete.status == .noContent)
            #expect(try FileManager.default.contentsOfDirectory(atPath: thumbs.path).isEmpty)
        }
    }
}
