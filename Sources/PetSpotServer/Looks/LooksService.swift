import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOPosix
import PetSpotDomain
import PetSpotLooks
import PetSpotStore

/// Look-alikes: each stored photo's look, made by a background job (never on a read, never while an upload
/// waits), and the reports nearby ranked by how alike their photos are to a photo a finder holds. Off, and
/// saying why, when the model is not installed.
struct LooksService: Sendable {
    let store: any LookStore & AnnouncementStore
    let photos: PhotoStorage
    /// Queues a report's match scan once its look is made, so its matches rank by photo too.
    let notifier: ReportNotifier?
    /// The model, or why there is none.
    let model: Result<LooksModel, LooksError>
    /// Whether the model's file is there (when it is and look-alikes are off, something else is wrong).
    let installed: Bool
    /// How many reports a search by photo compares at most: the newest within the area.
    var candidates = 2000
    /// Each client's searches in the lock-out window (`LockoutPolicy.photoSearchClient`).
    let lockout: LockoutPolicy
    /// Searches waiting for the model now, across clients: past `maxWaiting` one is turned away at once
    /// (busy, try again in a moment), so photos never queue without bound in memory.
    let waiting = NIOLockedValueBox(0)
    var maxWaiting = 4

    /// Runs the model on threads of its own, so a look never holds up the server's request threads.
    static let pool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        return pool
    }()

    /// Opens the model when it is installed, and says at start whether look-alikes are on.
    init(
        store: any LookStore & AnnouncementStore, photos: PhotoStorage, notifier: ReportNotifier?, files: LooksFiles, lockout: LockoutPolicy,
        logger: Logger
    ) {
        self.store = store
        self.photos = photos
        self.notifier = notifier
        self.lockout = lockout
        model = Result { () throws(LooksError) in try files.open() }
        installed = FileManager.default.fileExists(atPath: files.model.path)
        logger.notice("\(status.message)", metadata: reason.map { ["reason": "\($0)"] } ?? [:])
    }

    /// True when the model is loaded.
    var isOn: Bool {
        guard case .success = model else { return false }
        return true
    }

    /// On, or off with the reason and how to turn it on: for the start-up log and `/api/ready`.
    var status: LookAlikesStatus {
        switch model {
        case .success(let model):
            LookAlikesStatus(
                enabled: true,
                message: "Look-alikes are on (ONNX Runtime \(model.runtimeVersion); photos compared: \(LooksModel.photoTypes.joined(separator: ", "))).")
        case .failure where installed:
            LookAlikesStatus(
                enabled: false,
                message: "Look-alikes are off: the model is installed but could not be opened (ONNX Runtime, or the model file; the log says which).")
        case .failure:
            LookAlikesStatus(enabled: false, message: "Look-alikes are off: the model is not installed. To turn them on, \(LooksFiles.howToInstall).")
        }
    }

    /// Why look-alikes are off, with the model's paths: for the operator's log only, never a public answer.
    var reason: String? {
        guard case .failure(let error) = model else { return nil }
        return error.description
    }

    /// The look of a photo's bytes, made on the model's thread.
    func look(at bytes: [UInt8]) async throws -> PhotoLook {
        let model = try model.get()
        return try await Self.pool.runIfActive { try model.look(at: bytes) }
    }

    /// The look of the stored photo `file` (its `bytes`): one the model's decoders do not read (GIF, BMP,
    /// TIFF, HEIC, a CMYK JPEG, over 60 megapixels) is made a plain JPEG by libvips first, when installed.
    func storedLook(of file: String, bytes: [UInt8]) async throws -> PhotoLook {
        try await look(at: bytes) { await photos.thumbnails.plainJPEG(of: file) }
    }

    /// The look of `bytes`, or, when the model's decoders do not read them, of the plain JPEG `plain` makes.
    private func look(at bytes: [UInt8], orPlain plain: () async -> [UInt8]?) async throws -> PhotoLook {
        do {
            return try await look(at: bytes)
        } catch let error as LooksError {
            guard let plain = await plain() else { throw error }
            return try await look(at: plain)
        }
    }

    /// Makes the looks of up to `batch` queued photos (a photo no decoder reads is kept as "not compared");
    /// a report's look queues its match scan again, now with its photo compared. Answers how many were done.
    /// Nothing when look-alikes are off.
    func makeQueuedLooks(batch: Int = 8) async throws -> Int {
        guard isOn else { return 0 }
        let queued = try await store.queuedLooks(limit: batch)
        for subject in queued {
            var look: PhotoLook?
            if let bytes = try await photos.bytes(of: subject.file) { look = try? await storedLook(of: subject.file, bytes: bytes) }
            let scan = subject.kind == .report ? notifier.map { [$0.matchScan(for: AnnouncementID(subject.id))] } : nil
            try await store.saveLook(look, of: subject, outbox: scan ?? [])
        }
        if !queued.isEmpty { notifier?.doorbell.ring() }
        return queued.count
    }

    /// The reports of `area` (the list's query: place and radius, kinds, species, since when) whose photo looks
    /// most like `photo`, most alike first: at most `limit`, from the area's newest `candidates` with a photo.
    /// The photo is the file at `photo` (an upload being read), as any photo a report may have: one the model's
    /// decoders do not read is made a plain JPEG by libvips first, as a stored one is.
    func search(photo: URL, in area: AnnouncementQuery, limit: Int, client: String) async throws -> [LookAlike] {
        try await lockout.spend([(LockoutPolicy.photoSearchClient, client)], on: .photoSearch)
        let maxWaiting = maxWaiting
        let admitted = waiting.withLockedValue { count -> Bool in
            guard count < maxWaiting else { return false }
            count += 1
            return true
        }
        guard admitted else { throw LooksBusy() }
        defer { waiting.withLockedValue { $0 -= 1 } }
        let look = try await look(at: [UInt8](Data(contentsOf: photo))) { await photos.thumbnails.plainJPEG(atPath: photo.path) }
        return try await store.lookAlikes(of: look, in: area, candidates: candidates, limit: limit).found.map {
            LookAlike(report: $0.report, likeness: $0.likeness)
        }
    }
}

/// Whether look-alikes are on, in a sentence that says how to turn them on when they are not.
struct LookAlikesStatus: Sendable, Equatable {
    let enabled: Bool
    let message: String
}

/// Too many searches are waiting for the model: try again in a moment.
struct LooksBusy: Error {}

/// A report whose photo looks like the one searched with.
struct LookAlike: Sendable {
    let report: Announcement
    let likeness: Double
}
