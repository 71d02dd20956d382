import AsyncHTTPClient
import Foundation
import NIOCore
@testable import PetSpotS3
import PetSpotTestSupport
import Testing

/// The client against a real S3-compatible server (moto's, started by `.ci/s3.sh`; skipped without
/// `PETSPOT_TEST_S3_URL`): what goes in comes out, whole or by range, lists page by page, multipart
/// uploads assemble, presigned URLs open without keys and a wrong key is refused.
@Suite(.enabled(if: ScratchBucket.isAvailable, "needs PETSPOT_TEST_S3_URL (an S3-compatible server)"))
struct S3ClientTests {
    static func file(_ bytes: [UInt8]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("s3-test-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        return url
    }

    static func bytes(_ count: Int, seed: UInt8 = 7) -> [UInt8] {
        var value = UInt32(seed)
        return (0..<count).map { _ in
            value = value &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: value >> 24)
        }
    }

    static func body(_ response: HTTPClientResponse?) async throws -> [UInt8] {
        Array(try await response!.body.collect(upTo: 64 << 20).readableBytesView)
    }

    @Test func putGetRangeHeadDelete() async throws {
        try await ScratchBucket.with { client in
            let photo = Self.bytes(300_000)
            let file = try Self.file(photo)
            defer { try? FileManager.default.removeItem(at: file) }
            try await client.put("images/a b+c.jpeg", file: file, contentType: "image/jpeg")
            #expect(try await Self.body(client.get("images/a b+c.jpeg")) == photo)
            #expect(try await Self.body(client.get("images/a b+c.jpeg", range: 10...19)) == Array(photo[10...19]))
            let head = try await client.head("images/a b+c.jpeg")
            #expect(head?.size == photo.count)
            #expect(abs(head!.lastModified.timeIntervalSinceNow) < 300)
            #expect(try await client.head("images/none.jpeg") == nil)
            #expect(try await client.get("images/none.jpeg") == nil)
            try await client.delete("images/a b+c.jpeg")
            #expect(try await client.head("images/a b+c.jpeg") == nil)
            try await client.delete("images/a b+c.jpeg") // deleting what is gone is fine
        }
    }

    @Test func largeFilesGoUpInPartsAndComeBackWhole() async throws {
        try await ScratchBucket.with(partSize: 5 << 20) { client in
            let photo = Self.bytes(12 << 20, seed: 3)
            let file = try Self.file(photo)
            defer { try? FileManager.default.removeItem(at: file) }
            try await client.put("images/big.png", file: file, contentType: "image/png")
            #expect(try await client.head("images/big.png")?.size == photo.count)
            #expect(try await Self.body(client.get("images/big.png")) == photo)
            let last = (photo.count - 100)...(photo.count - 1)
            #expect(try await Self.body(client.get("images/big.png", range: last)) == Array(photo[last]))
        }
    }

    @Test func listingFollowsPagesAndThePrefix() async throws {
        try await ScratchBucket.with(prefix: "site-a") { client in
            for index in 0..<5 { try await client.put("images/\(index).jpeg", bytes: [UInt8(index)], contentType: "image/jpeg") }
            try await client.put("thumbs/0.jpeg.w400.jpg", bytes: [9], contentType: "image/jpeg")
            // Another prefix in the same bucket is another store.
            var other = client.location
            other.prefix = "site-b/"
            try await S3Client(location: other, credentials: ScratchBucket.credentials).put("images/x.jpeg", bytes: [1], contentType: "image/jpeg")
            let images = try await client.list(prefix: "images/", pageSize: 2)
            #expect(images.map(\.key).sorted() == (0..<5).map { "images/\($0).jpeg" })
            #expect(images.allSatisfy { $0.size == 1 })
            #expect(try await client.list(prefix: "thumbs/").map(\.key) == ["thumbs/0.jpeg.w400.jpg"])
        }
    }

    @Test func copiesAndPresignedURLs() async throws {
        try await ScratchBucket.with { client in
            try await client.put("images/one.jpeg", bytes: Array("hello".utf8), contentType: "image/jpeg")
            try await client.copy("images/one.jpeg", to: "images/two.jpeg")
            #expect(try await Self.body(client.get("images/two.jpeg")) == Array("hello".utf8))
            var request = HTTPClientRequest(url: client.presignedURL("images/two.jpeg", seconds: 60))
            request.method = .GET
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(300))
            let body = Array(try await response.body.collect(upTo: 1024).readableBytesView)
            #expect(response.status == .ok && body == Array("hello".utf8))
        }
    }

    @Test func aMissingBucketIsAnErrorNotAnEmptyList() async throws {
        let location = ScratchBucket.location()!
        let client = S3Client(location: location, credentials: ScratchBucket.credentials)
        await #expect(throws: S3Error.self) { try await client.list(prefix: "images/") }
        await #expect(throws: S3Error.self) { try await client.put("images/x.jpeg", bytes: [1], contentType: "image/jpeg") }
    }

    @Test func anUnreachableServerIsUnreachable() async throws {
        let location = S3Location(bucket: "photos", endpoint: URL(string: "http://127.0.0.1:1")!, pathStyle: true)
        let client = S3Client(location: location, credentials: ScratchBucket.credentials)
        do {
            _ = try await client.head("images/x.jpeg")
            Issue.record("a closed port answered")
        } catch S3Error.unreachable {
        } catch {
            Issue.record("expected unreachable, got \(error)")
        }
    }
}
