import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PetSpotAPI
import PetSpotDomain
import PetSpotS3
@testable import PetSpotServer
import PetSpotStore
import PetSpotTestSupport
import Synchronization
import Testing

/// The photo store's contract on the data folder and on a real S3-compatible bucket (moto's
/// server from `.ci/s3.sh`; the bucket cases run when `PETSPOT_TEST_S3_URL` is set), and the server's
/// photo behaviour with the bucket: served only while a row names it, by range with the same headers,
/// thumbnails beside it, deletes and replacements that take it away, the orphan sweep, presigned
/// redirects, drafts, `photos check` and `photos migrate`.
@Suite struct PhotoStoreTests {
    /// A store on a new bucket, or the folder of `directory`.
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case folder, bucket
        var testDescription: String { rawValue }
        static var available: [Kind] { ScratchBucket.isAvailable ? allCases : [.folder] }
    }

    static func settings(_ location: S3Location) -> PhotoStoreSettings {
        var settings = PhotoStoreSettings()
        settings.bucket = (location.bucket, location.prefix)
        settings.endpoint = location.endpoint
        settings.pathStyle = true
        settings.accessKeyID = ScratchBucket.credentials.accessKeyID
        settings.secretAccessKey = ScratchBucket.credentials.secretAccessKey
        return settings
    }

    /// Runs `body` with the objects of `kind` and the data folder; a bucket is made and emptied around it.
    static func with(_ kind: Kind, _ body: (any PhotoObjects, URL) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-photos-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        switch kind {
        case .folder: try await body(FolderPhotoObjects(root: directory), directory)
        case .bucket:
            _ = try await ScratchBucket.with { client in
                try await body(BucketPhotoObjects(client: client), directory)
            }
        }
    }

    /// A server on SQLite whose photos are kept as `kind` says; `bucket` is the location then.
    static func app(
        _ kind: Kind, configure: (inout ServerConfiguration) -> Void = { _ in },
        _ test: @Sendable (any TestClientProtocol, URL, S3Location?) async throws -> Void
    ) async throws {
        guard kind == .bucket else {
            try await TestApp.run(on: .sqlite, configure: configure) { client, directory in try await test(client, directory, nil) }
            return
        }
        let location = try #require(ScratchBucket.location())
        try await S3Client(location: location, credentials: ScratchBucket.credentials).createBucket()
        defer { Task { try? await ScratchBucket.empty(location) } }
        try await TestApp.run(
            on: .sqlite,
            configure: {
                $0.photoStore = settings(location)
                configure(&$0)
            }
        ) { client, directory in try await test(client, directory, location) }
    }

    static func file(_ bytes: [UInt8], in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent("upload-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        return url
    }

    @Test(arguments: Kind.available)
    func theStoreKeepsWhatItIsGivenUntilItIsRemoved(kind: Kind) async throws {
        try await Self.with(kind) { objects, directory in
            let photo = DemoPhoto.png(width: 300, height: 200, color: (10, 200, 30))
            let upload = try Self.file(photo, in: directory)
            try await objects.store("images/a.1.png", moving: upload, contentType: "image/png")
            #expect(!FileManager.default.fileExists(atPath: upload.path), "the upload is taken in")
            let info = try #require(try await objects.info("images/a.1.png"))
            #expect(info.size == photo.count && abs(info.lastModified.timeIntervalSinceNow) < 300)
            let copy = directory.appendingPathComponent("copy")
            #expect(try await objects.fetch("images/a.1.png", to: copy))
            #expect(Array(try Data(contentsOf: copy)) == photo)
            try await objects.store("thumbs/a.1.png.w400.jpg.failed", bytes: [])
            #expect(try await objects.list("images/").map(\.key) == ["images/a.1.png"])
            #expect(try await objects.list("thumbs/").map(\.key) == ["thumbs/a.1.png.w400.jpg.failed"])
            try await objects.remove("images/a.1.png")
            #expect(try await objects.info("images/a.1.png") == nil)
            #expect(try await !objects.fetch("images/a.1.png", to: copy))
            #expect(try await objects.list("images/").isEmpty)
            try await objects.remove("images/a.1.png")
            #expect((objects.presignedURL("thumbs/x", seconds: 60) == nil) == (kind == .folder))
        }
    }

    @Test(arguments: Kind.available)
    func photosAreServedOnlyWhileARowNamesThemWithTheSameHeaders(kind: Kind) async throws {
        try await Self.app(kind) { client, directory, location in
            let (id, password) = try await client.createAnnouncement()
            let first = DemoPhoto.png(width: 320, height: 240, color: (200, 30, 30))
            #expect(try await client.uploadPhoto(id, password: password, bytes: first, filename: "a.png").status == .created)
            let whole = try await client.send(.get, "/images/\(id).png")
            #expect(whole.status == .ok && Array(whole.body.readableBytesView) == first)
            #expect(whole.headers[.contentType] == "image/png" && whole.headers[.cacheControl] == "public, no-cache")
            #expect(whole.headers[.contentLength] == String(first.count) && whole.headers[.lastModified] != nil)
            let etag = try #require(whole.headers[.eTag])
            let part = try await client.send(.get, "/images/\(id).png", headers: [.range: "bytes=1-3"])
            #expect(part.status == .partialContent && Array(part.body.readableBytesView) == Array(first[1...3]))
            #expect(part.headers[.contentRange] == "bytes 1-3/\(first.count)")
            #expect(try await client.send(.get, "/images/\(id).png", headers: [.range: "bytes=\(first.count + 5)-"]).status == .rangeNotSatisfiable)
            #expect(try await client.send(.get, "/images/\(id).png", headers: [.ifNoneMatch: etag]).status == .notModified)
            if let location {
                let names = try await S3Client(location: location, credentials: ScratchBucket.credentials).list(prefix: "images/").map(\.key)
                #expect(names.count == 1 && names[0].hasPrefix("images/\(id)."))
                let folder = directory.appendingPathComponent("images").path
                #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).isEmpty, "nothing in the data folder")
            }

            // A new photo replaces the old, which is gone from the store; the old ETag no longer matches.
            let second = DemoPhoto.png(width: 320, height: 240, color: (30, 30, 200))
            #expect(try await client.uploadPhoto(id, password: password, bytes: second, filename: "b.png").status == .created)
            let replaced = try await client.send(.get, "/images/\(id).png", headers: [.ifNoneMatch: etag])
            #expect(replaced.status == .ok && Array(replaced.body.readableBytesView) == second)
            if Thumbnails.locateTool() != nil {
                let thumbnail = try await client.send(.get, "/images/\(id).png?w=400")
                #expect(thumbnail.status == .ok && thumbnail.headers[.contentType] == "image/jpeg")
            }
            let service = try await Self.objects(kind, directory: directory, location: location)
            #expect(try await service.list("images/").count == 1)
            #expect(try await service.list("thumbs/").count == (Thumbnails.locateTool() == nil ? 0 : 1))

            // Deleting the report takes the photo and its thumbnail from the store.
            let delete = try await client.send(.delete, APIPath.announcement(AnnouncementID(id)), headers: [.authorization: Basic.header(id, password)])
            #expect(delete.status == .noContent)
            #expect(try await client.send(.get, "/images/\(id).png").status == .notFound)
            #expect(try await service.list("images/").isEmpty)
            #expect(try await service.list("thumbs/").isEmpty)
        }
    }

    /// The objects a test server of `kind` keeps its photos in.
    static func objects(_ kind: Kind, directory: URL, location: S3Location?) async throws -> any PhotoObjects {
        guard let location else { return try FolderPhotoObjects(root: directory) }
        return BucketPhotoObjects(client: S3Client(location: location, credentials: ScratchBucket.credentials))
    }

    @Test(.enabled(if: ScratchBucket.isAvailable, "needs PETSPOT_TEST_S3_URL"))
    func theSweepListsTheBucketAndAStrayObjectIsNeverServed() async throws {
        let location = try #require(ScratchBucket.location())
        let client = S3Client(location: location, credentials: ScratchBucket.credentials)
        try await client.createBucket()
        defer { Task { try? await ScratchBucket.empty(location) } }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-sweep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let objects = BucketPhotoObjects(client: client)
        let store = InMemoryStore()
        let service = AnnouncementService(
            store: store, photos: try PhotoStorage(dataDirectory: directory, objects: objects),
            lockout: LockoutPolicy(store: store))
        let report = Announcement.mock(photoURL: nil)
        try await service.store.create(report, passwordHash: "x", outbox: [])
        try await service.setPhoto(
            report.id, upload: UploadedPhoto(file: try Self.file([0xFF, 0xD8, 0xFF, 1], in: directory), size: 4, head: [0xFF, 0xD8, 0xFF]),
            type: ImageType.jpeg)
        try await client.put("images/\(report.id.rawValue).0000000000000000.jpeg", bytes: [9, 9], contentType: "image/jpeg")
        #expect(try await service.servedPhoto(named: "\(report.id.rawValue).jpeg") != nil)
        #expect(try await service.sweepOrphanPhotos(grace: 0) == 1)
        let left = try await client.list(prefix: "images/").map(\.key)
        #expect(left.count == 1 && left[0] != "images/\(report.id.rawValue).0000000000000000.jpeg")
    }

    @Test(.enabled(if: ScratchBucket.isAvailable, "needs PETSPOT_TEST_S3_URL"))
    func aRedirectGoesToAPresignedURLThatOpensWithoutKeys() async throws {
        try await Self.app(.bucket, configure: { $0.photoStore.redirectSeconds = 120 }) { client, _, _ in
            let (id, password) = try await client.createAnnouncement()
            let photo = DemoPhoto.png(width: 100, height: 100, color: (1, 2, 3))
            #expect(try await client.uploadPhoto(id, password: password, bytes: photo, filename: "a.png").status == .created)
            let answer = try await client.send(.get, "/images/\(id).png")
            #expect(answer.status == .found)
            let url = try #require(answer.headers[.location])
            #expect(url.contains("X-Amz-Signature=") && url.contains("X-Amz-Expires=120") && !url.contains(ScratchBucket.credentials.secretAccessKey))
            let fetched = try await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(300))
            let body = Array(try await fetched.body.collect(upTo: 1 << 20).readableBytesView)
            #expect(fetched.status == .ok && body == photo)
            // Never for a photo no row names.
            #expect(try await client.send(.get, "/images/none.png").status == .notFound)
        }
    }

    @Test(arguments: Kind.available)
    func aDraftPhotoIsKeptInTheStoreForAnyInstance(kind: Kind) async throws {
        try await Self.with(kind) { objects, directory in
            let keeper = DraftKeeper(service: try DraftService(store: InMemoryDraftStore(), objects: objects, dataDirectory: directory))
            let photo = DemoPhoto.png(width: 50, height: 50, color: (9, 9, 9))
            let upload = UploadedPhoto(file: try Self.file(photo, in: directory), size: photo.count, head: [], name: "C:\\Photos\\Burek\u{7}.png")
            let kept = try await keeper.keepPhoto(upload, type: .png, session: "s1", flow: .missing)
            #expect(kept.originalName == "Burek.png")
            // Another instance (another keeper, another folder) reads it back.
            let other = DraftKeeper(
                service: try DraftService(store: InMemoryDraftStore(), objects: objects, dataDirectory: directory.appendingPathComponent("other")))
            let copy = directory.appendingPathComponent("copy")
            #expect(try await other.fetchPhoto(kept, to: copy) && Array(try Data(contentsOf: copy)) == photo)
            await other.removePhotos("s1", .missing)
            #expect(try await !keeper.fetchPhoto(kept, to: copy))
        }
    }

    @Test(.enabled(if: ScratchBucket.isAvailable, "needs PETSPOT_TEST_S3_URL"))
    func migrationCopiesEveryPhotoVerifiedAndCarriesOnAndCheckFindsWhatIsMissing() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-migrate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let uploaded = Mutex<[String: [UInt8]]>([:])
        try await TestApp.run(on: .sqlite, dataDirectory: directory) { client, _ in
            for index in 0..<3 {
                let (id, password) = try await client.createAnnouncement()
                let photo = DemoPhoto.png(width: 120 + index, height: 90, color: (UInt8(index * 40), 80, 160))
                #expect(try await client.uploadPhoto(id, password: password, bytes: photo, filename: "p.png").status == .created)
                uploaded.withLock { $0[id] = photo }
            }
        }
        let location = try #require(ScratchBucket.location(prefix: "moved"))
        let bucket = S3Client(location: location, credentials: ScratchBucket.credentials)
        try await bucket.createBucket()
        defer { Task { try? await ScratchBucket.empty(location) } }
        var configuration = ServerConfiguration(dataDirectory: directory)
        configuration.photoStore = Self.settings(location)
        configuration.photoStore.bucket = nil // the source: the folder; the bucket's endpoint and keys stay
        let target = "s3://\(location.bucket)/moved"
        let first = try await PhotoMaintenance.migrate(configuration, to: target)
        #expect(first.copied == 3 && first.alreadyThere == 0)
        let again = try await PhotoMaintenance.migrate(configuration, to: target)
        #expect(again.copied == 0 && again.alreadyThere == 3, "a second run copies nothing twice")
        // The bucket now serves them: the server switched to it answers every photo.
        try await TestApp.run(on: .sqlite, dataDirectory: directory, configure: { $0.photoStore = Self.settings(location) }) { client, _ in
            for (id, photo) in uploaded.withLock({ $0 }) {
                let served = try await client.send(.get, "/images/\(id).png")
                #expect(served.status == .ok && Array(served.body.readableBytesView) == photo)
            }
        }
        var onBucket = configuration
        onBucket.photoStore = Self.settings(location)
        let clean = try await PhotoMaintenance.check(onBucket)
        #expect(clean.named == 3 && clean.missing.isEmpty && clean.unnamed.isEmpty)
        let gone = try #require(try await bucket.list(prefix: "images/").first)
        try await bucket.delete(gone.key)
        try await bucket.put("images/stray.1234.png", bytes: [1], contentType: "image/png")
        let broken = try await PhotoMaintenance.check(onBucket)
        #expect(broken.missing == [String(gone.key.dropFirst("images/".count))] && broken.unnamed == ["stray.1234.png"])
        await #expect(throws: PhotoMaintenance.Failure.self) { try await PhotoMaintenance.migrate(onBucket, to: target) }
    }

    @Test func aBucketThatDoesNotAnswerIs503AndTheServerStaysUp() async throws {
        var dead = Self.settings(S3Location(bucket: "photos", endpoint: URL(string: "http://127.0.0.1:1")!, pathStyle: true))
        dead.pathStyle = true
        try await TestApp.run(on: .sqlite, configure: { $0.photoStore = dead }) { client, _ in
            let (id, password) = try await client.createAnnouncement()
            let upload = try await client.uploadPhoto(id, password: password, bytes: DemoPhoto.png(width: 20, height: 20, color: (1, 1, 1)))
            #expect(upload.status == .serviceUnavailable && upload.headers[.retryAfter] != nil)
            #expect(try await client.send(.get, APIPath.announcement(AnnouncementID(id))).json["photoUrl"] is NSNull, "no row names a photo")
            #expect(try await client.send(.get, "/api/health").status == .ok)
        }
    }

    @Test func bucketSettingsAreCheckedAndKeysStayInTheEnvironment() throws {
        let configuration = try ServerConfiguration.load(
            arguments: ["--photo-store", "s3://pets-photos/prod", "--s3-endpoint", "http://127.0.0.1:9000", "--s3-path-style", "true"],
            environment: ["AWS_ACCESS_KEY_ID": "AKIDTEST", "AWS_SECRET_ACCESS_KEY": "very-secret-key", "PETSPOT_S3_REGION": "eu-central-1"])
        let location = try #require(configuration.photoStore.location)
        #expect(location.bucket == "pets-photos" && location.prefix == "prod/" && location.region == "eu-central-1" && location.pathStyle)
        let objects = try #require(try configuration.photoStore.objects(logger: quietLogger))
        #expect(!"\(objects)".contains("very-secret-key") && !"\(objects)".contains("AKIDTEST"))
        #expect(try ServerConfiguration.load(environment: [:]).photoStore.location == nil, "the folder by default")
        for bad in [
            ["--photo-store", "s3://No_Such"], ["--photo-store", "ftp://x"], ["--s3-endpoint", "http://key:secret@127.0.0.1:9000"],
            ["--s3-path-style", "maybe"], ["--photo-redirect-seconds", "99999"], ["--s3-region", "EU WEST"],
        ] {
            #expect(throws: ConfigurationError.self, "\(bad)") { try ServerConfiguration.load(arguments: bad, environment: [:]) }
        }
        #expect(throws: ConfigurationError.self, "the secret key never on the command line") {
            try ServerConfiguration.load(arguments: ["--aws-secret-access-key", "x"], environment: [:])
        }
        let keyless = try ServerConfiguration.load(arguments: ["--photo-store", "s3://pets-photos"], environment: [:])
        #expect(throws: ConfigurationError.self, "a bucket needs keys") { try keyless.photoStore.objects(logger: quietLogger) }
    }
}
