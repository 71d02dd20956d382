import Foundation
import Logging
import PetSpotAPI
import PetSpotDomain
import PetSpotStore

/// The report use cases shared by the API and the web pages: create with a management password, read,
/// owner changes behind that password (with lock-out), photo replacement, deletion with the photo.
public struct AnnouncementService: Sendable {
    let store: any PetSpotStorage
    let photos: PhotoStorage
    let hasher: PasswordHasher
    let lockout: LockoutPolicy
    /// Queues the e-mails and match scans that reports cause; nil sends nothing.
    let notifier: ReportNotifier?
    let now: @Sendable () -> Date

    public init(store: any PetSpotStorage, photos: PhotoStorage, hasher: PasswordHasher = PasswordHasher(),
                lockout: LockoutPolicy, notifier: ReportNotifier? = nil,
                now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.photos = photos
        self.hasher = hasher
        self.lockout = lockout
        self.notifier = notifier
        self.now = now
    }

    /// Stores a validated report and returns it with its new 6-digit management password; the code
    /// e-mail (in `language`) is queued in the same transaction.
    public func create(_ input: ValidatedAnnouncement, language: String = "en") async throws -> (announcement: Announcement, password: String) {
        var generator = SystemRandomNumberGenerator()
        let password = String(Int.random(in: 100_000...999_999, using: &generator))
        let created = Self.millisecondPrecision(now())
        let announcement = Announcement(
            id: .generate(), petName: input.petName, species: input.species, breed: input.breed, sex: input.sex,
            age: input.age, description: input.description, microchipNumber: input.microchipNumber,
            location: input.location, lastSeenDate: input.lastSeenDate, email: input.email, phone: input.phone,
            photoURL: nil, status: input.status, reward: input.reward, createdAt: created, updatedAt: created, language: language)
        let outbox = try notifier?.codeMail(for: announcement, code: password).map { [$0] } ?? []
        try await store.create(announcement, passwordHash: try await hasher.hash(password), outbox: outbox)
        if !outbox.isEmpty { notifier?.doorbell.ring() }
        return (announcement, password)
    }

    public func find(_ id: AnnouncementID) async throws -> Announcement { try await store.find(id) }

    public func list(_ query: AnnouncementQuery) async throws -> [Announcement] { try await store.list(query) }

    /// The ranked match candidates of a report (for its owner).
    public func matches(for report: Announcement) async throws -> [AnnouncementMatch] {
        try await notifier?.matches(for: report) ?? []
    }

    /// Checks a management password: 429 while the report or the client is locked out, 404 for an
    /// unknown report, 403 (and a counted failure) for a wrong password.
    public func authorize(_ id: AnnouncementID, password: String, client: String) async throws {
        let subjects = [(LockoutPolicy.announcement, id.rawValue), (LockoutPolicy.client, client)]
        let hash = try await store.passwordHash(of: id)
        try await lockout.check(subjects)
        guard await hasher.verify(password, against: hash) else {
            try await lockout.recordFailure(subjects)
            throw APIError(status: .forbidden, code: .unauthorized, message: "Invalid credentials for this announcement")
        }
    }

    public func update(_ id: AnnouncementID, changes: AnnouncementChanges) async throws -> Announcement {
        try await store.update(id, changes: changes, at: Self.millisecondPrecision(now()))
    }

    /// Deletes the report and its photo file.
    public func delete(_ id: AnnouncementID) async throws {
        let removed = try await store.delete(id)
        photos.remove(photoURL: removed.photoURL)
    }

    /// Puts an uploaded photo in place: row and file change together or not at all; a previous photo
    /// of another type is deleted. The report is now visible, so a match scan is queued with the change.
    func setPhoto(_ id: AnnouncementID, upload: UploadedPhoto, type: ImageType) async throws {
        let name = PhotoStorage.fileName(for: id.rawValue, type: type)
        let url = "\(APIPath.images)/\(name)"
        let photos = self.photos
        do {
            let outbox = notifier.map { [$0.matchScan(for: id)] } ?? []
            let previous = try await store.setPhoto(id, url: url, at: Self.millisecondPrecision(now()), outbox: outbox) {
                try photos.install(upload.file, as: name)
            }
            if !outbox.isEmpty { notifier?.doorbell.ring() }
            if let previous, previous != url { photos.remove(photoURL: previous) }
        } catch {
            photos.discard(upload.file)
            throw error
        }
    }

    /// Stored timestamps keep milliseconds; dropping the rest keeps order and cursors exact.
    static func millisecondPrecision(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded(.down) / 1000)
    }
}
