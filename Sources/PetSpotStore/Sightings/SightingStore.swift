import Foundation
import PetSpotDomain

/// Sightings of missing pets, kept with their report and deleted with it.
public protocol SightingStore: Sendable {
    /// Adds `sighting` (its photo's file in the photo folder, if any; the address of someone who wants to
    /// hear when the pet is found) to its report, `.notFound` when there is no such report. When the report
    /// has an e-mail address and no owner notice waits yet, one is queued in the same transaction: due at
    /// once, or `noticeGap` seconds after the last one went, so the owner hears at most once per gap.
    func addSighting(_ sighting: Sighting, photoFile: String?, watcher: SightingWatcher?, noticeGap: TimeInterval) async throws
    /// The report's sightings, newest seen first; hidden ones only when asked.
    func sightings(of id: AnnouncementID, includeHidden: Bool) async throws -> [Sighting]
    /// Hides or shows one of the report's sightings; `.notFound` when the report has no such sighting.
    func setSightingHidden(_ sightingID: String, of id: AnnouncementID, hidden: Bool) async throws
    /// The file behind a sighting's photo when its public address is `url` (and it and its report are
    /// visible, unless hidden ones are asked for); nil otherwise.
    func sightingPhotoFile(_ sightingID: String, url: String, includeHidden: Bool) async throws -> String?
    /// The visible sightings the owner has not been told of, oldest seen first.
    func sightingsToNotify(of id: AnnouncementID) async throws -> [Sighting]
    /// Marks the notice entry done, `told` sightings told and queues `mail`, in one transaction; when
    /// untold visible sightings remain (added while the mail was written), queues the next notice
    /// `noticeGap` later. False, with nothing changed, when the entry is not pending.
    func completeSightingNotice(_ entryID: String, report: AnnouncementID, told: [String], mail: OutboxEntry?, at: Date, noticeGap: TimeInterval) async throws
        -> Bool
    /// Takes the report's watchers' addresses (they are forgotten) and queues what `mails` makes of them,
    /// in one transaction, so each is told once that the pet is found.
    func takeSightingWatchers(of id: AnnouncementID, mails: @Sendable ([SightingWatcher]) throws -> [OutboxEntry]) async throws
}

/// The sighting table, the same on SQLite and PostgreSQL but for a few types.
enum SightingSchema {
    static func create(real: String, flag: String, idType: String) -> String {
        """
        CREATE TABLE sighting (
            id TEXT PRIMARY KEY, announcement_id \(idType) NOT NULL REFERENCES announcement(id) ON DELETE CASCADE,
            seen_at \(real) NOT NULL, latitude \(real) NOT NULL, longitude \(real) NOT NULL, note TEXT,
            photo_url TEXT, photo_file TEXT, watcher_email TEXT, watcher_language TEXT,
            hidden \(flag) NOT NULL DEFAULT \(flag == "BOOLEAN" ? "false" : "0"), created_at \(real) NOT NULL, notified_at \(real)
        )
        """
    }
    static let index = "CREATE INDEX sighting_report ON sighting(announcement_id, seen_at)"
    static let sqlite = [
        create(real: "REAL", flag: "INTEGER", idType: "TEXT"), index,
        "CREATE TRIGGER sighting_delete AFTER DELETE ON announcement BEGIN DELETE FROM sighting WHERE announcement_id = old.id; END",
    ]
    static let postgres = [create(real: "DOUBLE PRECISION", flag: "BOOLEAN", idType: "TEXT COLLATE \"C\""), index]

    static let columns = "id, announcement_id, seen_at, latitude, longitude, note, photo_url, hidden, created_at"

    /// The notice entry for a report's owner, due when the gap since the last one has passed.
    static func notice(for id: AnnouncementID, at now: Date, lastNotified: Double?, gap: TimeInterval) -> OutboxEntry {
        let due = max(now.timeIntervalSince1970, (lastNotified ?? 0) + gap)
        return OutboxEntry(kind: .sightingNotice, payload: id.rawValue, createdAt: now, availableAt: Date(timeIntervalSince1970: due))
    }
}
