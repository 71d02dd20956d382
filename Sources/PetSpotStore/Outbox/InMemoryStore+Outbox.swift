import Foundation
import PetSpotDomain

/// The outbox, and the match pairs it completes, in memory.
extension InMemoryStore {
    public func enqueueOutbox(_ entries: [OutboxEntry]) {
        enqueue(entries)
    }

    func enqueue(_ entries: [OutboxEntry]) {
        for var entry in entries {
            outboxDue[entry.id] = entry.availableAt ?? entry.createdAt
            entry.availableAt = nil
            outboxRecords.append(OutboxRecord(entry: entry, state: .pending, lastError: nil))
        }
    }

    public func claimOutbox(now: Date, lease: TimeInterval, limit: Int) -> [OutboxEntry] {
        let due = outboxRecords.indices.filter { outboxRecords[$0].state == .pending && outboxDue[outboxRecords[$0].entry.id]! <= now }
            .sorted { (outboxRecords[$0].entry.createdAt, outboxRecords[$0].entry.id) < (outboxRecords[$1].entry.createdAt, outboxRecords[$1].entry.id) }
            .prefix(limit)
        return due.map { index in
            outboxRecords[index].entry.attempts += 1
            outboxDue[outboxRecords[index].entry.id] = now.addingTimeInterval(lease)
            return outboxRecords[index].entry
        }
    }

    public func completeOutbox(_ id: String, at: Date, notices: [MatchNotice]) -> Bool {
        guard let index = outboxRecords.firstIndex(where: { $0.entry.id == id && $0.state == .pending }) else { return false }
        outboxRecords[index].state = .done
        outboxRecords[index].entry.payload = ""
        outboxRecords[index].lastError = nil
        for notice in notices where matchedPairs.insert([notice.missing, notice.found]).inserted {
            if let message = notice.message { enqueue([message]) }
        }
        return true
    }

    public func failOutbox(_ id: String, error: String, retryAt: Date?) {
        guard let index = outboxRecords.firstIndex(where: { $0.entry.id == id && $0.state == .pending }) else { return }
        outboxRecords[index].lastError = error
        guard let retryAt else {
            outboxRecords[index].state = .failed
            outboxRecords[index].entry.payload = ""
            return
        }
        outboxDue[id] = retryAt
    }

    public func outbox() -> [OutboxRecord] {
        outboxRecords.sorted { ($0.entry.createdAt, $0.entry.id) < ($1.entry.createdAt, $1.entry.id) }
    }

    public func matchCandidates(for report: Announcement) -> [Announcement] {
        guard let kind = report.status.matchingKind else { return [] }
        let dates = AnnouncementMatcher.candidateDates(for: report)
        return announcements.values.map(\.announcement).filter { candidate in
            guard candidate.status == kind, candidate.moderation == .visible, candidate.photoURL != nil, candidate.id != report.id else { return false }
            if let chip = report.microchipNumber, candidate.microchipNumber == chip { return true }
            return dates?.contains(candidate.lastSeenDate) == true
                && report.location.distanceKm(to: candidate.location) <= AnnouncementMatcher.radiusKm
        }
    }
}
