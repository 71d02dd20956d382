import Foundation
import PetSpotDomain

/// A sighting with what the SQL stores keep beside it.
struct SightingRow: Sendable {
    var sighting: Sighting
    var photoFile: String?
    var watcher: SightingWatcher?
    var notifiedAt: Date?
    var moderation: ModerationState?
}

/// Sightings in memory: the same contract as the SQL stores.
extension InMemoryStore {
    public func addSighting(_ sighting: Sighting, photoFile: String?, watcher: SightingWatcher?, noticeGap: TimeInterval) throws {
        let report = try find(sighting.reportID)
        sightingRows[sighting.id] = SightingRow(sighting: sighting, photoFile: photoFile, watcher: watcher)
        if report.email != nil { queueNoticeIfNone(sighting.reportID, at: sighting.createdAt, gap: noticeGap) }
    }

    private func queueNoticeIfNone(_ report: AnnouncementID, at now: Date, gap: TimeInterval) {
        guard !outboxRecords.contains(where: { $0.state == .pending && $0.entry.kind == .sightingNotice && $0.entry.payload == report.rawValue })
        else { return }
        let last = rows(of: report).compactMap(\.notifiedAt).max()?.timeIntervalSince1970
        enqueue([SightingSchema.notice(for: report, at: now, lastNotified: last, gap: gap)])
    }

    private func rows(of report: AnnouncementID) -> [SightingRow] {
        sightingRows.values.filter { $0.sighting.reportID == report }
    }

    public func sightings(of id: AnnouncementID, includeHidden: Bool) -> [Sighting] {
        rows(of: id).map(\.sighting).filter { includeHidden || !$0.hidden }.sorted { ($0.seenAt, $0.id) > ($1.seenAt, $1.id) }
    }

    public func setSightingHidden(_ sightingID: String, of id: AnnouncementID, hidden: Bool) throws {
        guard sightingRows[sightingID]?.sighting.reportID == id, sightingRows[sightingID]?.moderation == nil else { throw StoreError.notFound }
        sightingRows[sightingID]?.sighting.hidden = hidden
    }

    public func sightingPhotoFile(_ sightingID: String, url: String, includeHidden: Bool) -> String? {
        guard let row = sightingRows[sightingID], row.sighting.photoURL == url,
            includeHidden || (!row.sighting.hidden && announcements[row.sighting.reportID]?.announcement.moderation == .visible)
        else { return nil }
        return row.photoFile
    }

    public func sightingsToNotify(of id: AnnouncementID) -> [Sighting] {
        rows(of: id).filter { $0.notifiedAt == nil && !$0.sighting.hidden }.map(\.sighting).sorted { ($0.seenAt, $0.id) < ($1.seenAt, $1.id) }
    }

    public func completeSightingNotice(
        _ entryID: String, report: AnnouncementID, told: [String], mail: OutboxEntry?, at: Date,
        noticeGap: TimeInterval
    ) -> Bool {
        guard completeOutbox(entryID, at: at, notices: []) else { return false }
        for id in told where sightingRows[id]?.sighting.reportID == report { sightingRows[id]?.notifiedAt = at }
        if let mail { enqueue([mail]) }
        if !sightingsToNotify(of: report).isEmpty { queueNoticeIfNone(report, at: at, gap: noticeGap) }
        return true
    }

    public func takeSightingWatchers(of id: AnnouncementID, mails: @Sendable ([SightingWatcher]) throws -> [OutboxEntry]) throws {
        let taken = rows(of: id).filter { $0.watcher != nil }
        let entries = try mails(taken.compactMap(\.watcher))
        for row in taken { sightingRows[row.sighting.id]?.watcher = nil }
        if !taken.isEmpty { enqueue(entries) }
    }
}
