import Foundation
import Testing
@testable import PetSpotClient

@Suite struct PhotoImageTypeTests {
    @Test(arguments: [
        (Fixtures.jpeg, PhotoImageType.jpeg), (Fixtures.png, .png), (Fixtures.gif, .gif),
        (Fixtures.webp, .webp), (Fixtures.heic, .heic),
    ])
    func recognisesAcceptedFormatsByTheirBytes(data: Data, type: PhotoImageType) {
        #expect(PhotoImageType(magicBytes: data) == type)
    }

    @Test func refusesOtherFilesWhateverTheirName() {
        #expect(PhotoImageType(magicBytes: Fixtures.pdf) == nil)
        #expect(PhotoImageType(magicBytes: Data()) == nil)
        #expect(PhotoImageType(magicBytes: Data([0, 0, 0, 0x18]) + Data("ftypmp42".utf8)) == nil)
    }

    @Test func validatorEnforcesTheTenMegabyteLimit() throws {
        let atLimit = Fixtures.jpeg + Data(count: PhotoAttachmentValidator.maxBytes - Fixtures.jpeg.count)
        #expect(try PhotoAttachmentValidator.validate(atLimit) == .jpeg)
        #expect(throws: PhotoAttachmentError.tooLarge(bytes: atLimit.count + 1)) {
            try PhotoAttachmentValidator.validate(atLimit + Data([0]))
        }
        #expect(throws: PhotoAttachmentError.empty) { try PhotoAttachmentValidator.validate(Data()) }
        #expect(throws: PhotoAttachmentError.unsupportedType) { try PhotoAttachmentValidator.validate(Fixtures.pdf) }
    }

    @Test func eachRefusalHasItsOwnMessage() {
        let en = LocalizedStrings(language: .english)
        let messages = Set([PhotoAttachmentError.empty, .unsupportedType, .tooLarge(bytes: 1), .writeFailed].map { $0.message(en) })
        #expect(messages.count == 4)
        #expect(PhotoAttachmentError.tooLarge(bytes: 1).message(en).contains("10 MB"))
    }

    @Test func formattedSizeUsesDecimalUnits() {
        let metadata = PhotoAttachmentMetadata(
            fileName: "a.jpg", fileSizeBytes: 1_400_000, imageType: .jpeg,
            cachedURL: URL(fileURLWithPath: "/tmp/a.jpg"), savedAt: Date())
        #expect(metadata.formattedFileSize == "1.4 MB")
        #expect(metadata.mimeType == "image/jpeg")
    }
}

@Suite struct PhotoAttachmentCacheTests {
    @Test func savesThePhotoAndFindsItAgain() async throws {
        let directory = Fixtures.temporaryDirectory()
        let cache = PhotoAttachmentCache(directory: directory)
        let saved = try await cache.save(PhotoSelection(data: Fixtures.png, fileName: "rex.png"))
        #expect(saved.fileName == "rex.png")
        #expect(saved.imageType == .png)
        #expect(saved.fileSizeBytes == Int64(Fixtures.png.count))
        #expect(try await cache.data(for: saved) == Fixtures.png)
        #expect(try await cache.loadCurrent() == saved)
        try await cache.clearCurrent()
    }

    @Test func replacingThePhotoLeavesNoOrphanFile() async throws {
        let directory = Fixtures.temporaryDirectory()
        let cache = PhotoAttachmentCache(directory: directory)
        let first = try await cache.save(PhotoSelection(data: Fixtures.png, fileName: "a.png"))
        let second = try await cache.save(PhotoSelection(data: Fixtures.jpeg, fileName: "b.jpg"))
        #expect(Fixtures.files(in: directory) == [second.cachedURL.lastPathComponent, "metadata.json"].sorted())
        #expect(!FileManager.default.fileExists(atPath: first.cachedURL.path))
        try await cache.clearCurrent()
    }

    @Test func clearingRemovesEverything() async throws {
        let directory = Fixtures.temporaryDirectory()
        let cache = PhotoAttachmentCache(directory: directory)
        _ = try await cache.save(PhotoSelection(data: Fixtures.gif, fileName: "c.gif"))
        try await cache.clearCurrent()
        #expect(Fixtures.files(in: directory).isEmpty)
        #expect(try await cache.loadCurrent() == nil)
    }

    @Test func refusedPhotoIsNotWritten() async throws {
        let directory = Fixtures.temporaryDirectory()
        let cache = PhotoAttachmentCache(directory: directory)
        await #expect(throws: PhotoAttachmentError.unsupportedType) {
            try await cache.save(PhotoSelection(data: Fixtures.pdf, fileName: "doc.pdf"))
        }
        #expect(Fixtures.files(in: directory).isEmpty)
    }

    @Test func aRecordWhoseFileVanishedIsDropped() async throws {
        let directory = Fixtures.temporaryDirectory()
        let cache = PhotoAttachmentCache(directory: directory)
        let saved = try await cache.save(PhotoSelection(data: Fixtures.webp, fileName: "w.webp"))
        try FileManager.default.removeItem(at: saved.cachedURL)
        #expect(try await cache.loadCurrent() == nil)
        #expect(Fixtures.files(in: directory).isEmpty)
    }
}
