import Foundation
import PetSpotAPI
import PetSpotDomain
import PetSpotStore

/// A report's photo: putting an upload in place, serving only what a row names, sweeping orphans, and
/// deleting a report with its photo.
extension AnnouncementService {
    /// Puts an uploaded photo in place: the file goes among the photos under a new name first, and
    /// is served only once the row naming it commits; the previous file is deleted after that. The
    /// report is now visible, so a match scan is queued with the change, or, when photos are compared
    /// (`scansAfterLook`), by the photo's look once it is made, so no owner is told before the photos are.
    func setPhoto(_ id: AnnouncementID, upload: UploadedPhoto, type: ImageType) async throws {
        let url = "\(APIPath.images)/\(PhotoStorage.fileName(for: id.rawValue, type: type))"
        let file: String
        do {
            file = try await photos.install(upload.file, for: id.rawValue, type: type)
        } catch {
            photos.discard(upload.file)
            throw StoreError.classify(error)
        }
        do {
            let outbox = notifier.map { (scansAfterLook ? [] : [$0.matchScan(for: id)]) + [$0.alertScan(for: id)] } ?? []
            let previous = try await store.setPhoto(id, url: url, file: file, at: Self.millisecondPrecision(now()), outbox: outbox)
            if !outbox.isEmpty { notifier?.doorbell.ring() }
            if let previous, previous != file { await photos.remove(file: previous) }
        } catch {
            await photos.remove(file: file)
            throw error
        }
    }

    /// The photo file to serve for `/images/<name>`: only the photo a report's row (or a visible
    /// sighting's) names.
    func servedPhoto(named name: String) async throws -> (file: String, type: ImageType)? {
        guard let (id, type) = PhotoStorage.parsePublicName(name),
            let file = try await namedFile(id: id, url: "\(APIPath.images)/\(name)", includeHidden: false),
            PhotoStorage.isFileName(file)
        else { return nil }
        return (file, type)
    }

    /// A photo by its public name whatever its report's or sighting's moderation: for the operator console.
    func photoForReview(named name: String) async throws -> (file: String, type: ImageType)? {
        guard let (id, type) = PhotoStorage.parsePublicName(name),
            let file = try await namedFile(id: id, url: "\(APIPath.images)/\(name)", includeHidden: true),
            PhotoStorage.isFileName(file)
        else { return nil }
        return (file, type)
    }

    /// The file a row names for the photo of `id` (a report's, or `sighting-<id>`) at `url`.
    private func namedFile(id: String, url: String, includeHidden: Bool) async throws -> String? {
        if id.hasPrefix(Sighting.photoPrefix) {
            return try await store.sightingPhotoFile(String(id.dropFirst(Sighting.photoPrefix.count)), url: url, includeHidden: includeHidden)
        }
        return try await store.photoFile(of: AnnouncementID(id), url: url, includeModerated: includeHidden)
    }

    /// Deletes photo files that no row names (left by a crash or an interrupted replacement, or by a
    /// deleted report's sightings), once they are older than `grace`. Returns how many went.
    @discardableResult
    func sweepOrphanPhotos(grace: TimeInterval = 600) async throws -> Int {
        let orphans = try await photos.orphans(olderThan: grace) { name in
            let parts = name.split(separator: ".")
            guard parts.count >= 2, let type = ImageType(rawValue: String(parts[parts.count - 1])) else { return false }
            let id = String(parts[0])
            return try await namedFile(id: id, url: "\(APIPath.images)/\(id).\(type.fileExtension)", includeHidden: true) == name
        }
        for name in orphans { await photos.remove(file: name) }
        return orphans.count
    }

    /// Deletes the report, then its photo file (a crash in between leaves a file no row names, which is
    /// never served and is swept later).
    public func delete(_ id: AnnouncementID) async throws {
        let removed = try await store.delete(id)
        await photos.remove(file: removed.photoFile)
    }

    /// The admin token's deletion, recorded in the moderation trail.
    func deleteAsAdmin(_ id: AnnouncementID) async throws {
        try await delete(id)
        try? await store.appendAudit(
            AuditEntry(
                at: now(), actor: "admin-token", action: "delete", itemKind: "report", itemID: id.rawValue,
                detail: "DELETE \(APIPath.adminAnnouncements)"))
    }
}
