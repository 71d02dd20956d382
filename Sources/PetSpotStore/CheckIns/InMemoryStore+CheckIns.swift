import Foundation
import PetSpotDomain

/// A report's check-in state, as the SQL stores keep it.
struct CheckInRow: Sendable {
    var confirmedAt: Date
    var nextAt: Date
    var sequence: Int
}

/// Check-ins in memory: the same contract.
extension InMemoryStore {
    public func claimCheckIns(
        now: Date, first: TimeInterval, every: TimeInterval, newSince: Date, window: TimeInterval, limit: Int,
        mails: @Sendable ([CheckInDue]) throws -> [OutboxEntry]
    ) async throws -> Int {
        let open = list(AnnouncementQuery(statuses: [.missing, .found], withPhotoOnly: false)).filter { $0.email != nil }
            .sorted { $0.createdAt < $1.createdAt }
        let next = now.addingTimeInterval(every)
        let due = try await CheckInClaim(now: now, first: first, window: window, limit: limit).run { createdBy, dueBy, emails, limit in
            let reports = emails.map { emails in open.filter { emails.contains($0.email ?? "") } } ?? open
            return claimDue(reports, newSince: newSince, createdBy: createdBy, dueBy: dueBy, next: next, limit: limit)
        }
        enqueue(try mails(due))
        return due.count
    }

    private func claimDue(_ open: [Announcement], newSince: Date, createdBy: Date, dueBy: Date, next: Date, limit: Int) -> [CheckInDue] {
        var due: [CheckInDue] = []
        for report in open where due.count < limit {
            let answers = (try? privateDetails(of: report.id))?.searchAnswers ?? SearchAnswers()
            if var row = checkIns[report.id] {
                guard row.nextAt <= dueBy else { continue }
                row.sequence += 1
                row.nextAt = next
                checkIns[report.id] = row
                due.append(CheckInDue(report: report, sequence: row.sequence, answers: answers))
            } else if report.createdAt >= newSince, report.createdAt <= createdBy {
                checkIns[report.id] = CheckInRow(confirmedAt: report.createdAt, nextAt: next, sequence: 1)
                due.append(CheckInDue(report: report, sequence: 1, answers: answers))
            }
        }
        return due
    }

    public func confirmCheckIn(_ id: AnnouncementID, sequence: Int?, at: Date) -> Bool {
        guard var row = checkIns[id] else { return sequence == nil }
        if let sequence {
            guard row.sequence == sequence else { return false }
            row.sequence += 1_000_000
        }
        row.confirmedAt = at
        checkIns[id] = row
        return true
    }

    public func lastConfirmation(of id: AnnouncementID) -> Date? { checkIns[id]?.confirmedAt }

    /// False for a report left unconfirmed since before the query's cutoff.
    func isListed(_ id: AnnouncementID, _ query: AnnouncementQuery) -> Bool {
        guard let since = query.confirmedSince, let row = checkIns[id] else { return true }
        return Timestamp.string(row.confirmedAt) >= since
    }
}
