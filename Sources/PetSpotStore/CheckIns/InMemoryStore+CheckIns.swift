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
        now: Date, first: TimeInterval, every: TimeInterval, newSince: Date, limit: Int,
        mails: @Sendable ([CheckInDue]) throws -> [OutboxEntry]
    ) throws -> Int {
        let open = list(AnnouncementQuery(statuses: [.missing, .found], withPhotoOnly: false)).filter { $0.email != nil }
        var due: [CheckInDue] = []
        for report in open.sorted(by: { $0.createdAt < $1.createdAt }) where due.count < limit {
            if var row = checkIns[report.id] {
                guard row.nextAt <= now else { continue }
                row.sequence += 1
                row.nextAt = now.addingTimeInterval(every)
                checkIns[report.id] = row
                due.append(CheckInDue(report: report, sequence: row.sequence, answers: (try? privateDetails(of: report.id))?.searchAnswers ?? SearchAnswers()))
            } else if report.createdAt >= newSince, report.createdAt <= now.addingTimeInterval(-first) {
                checkIns[report.id] = CheckInRow(confirmedAt: report.createdAt, nextAt: now.addingTimeInterval(every), sequence: 1)
                due.append(CheckInDue(report: report, sequence: 1, answers: (try? privateDetails(of: report.id))?.searchAnswers ?? SearchAnswers()))
            }
        }
        enqueue(try mails(due))
        return due.count
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
        return StoredDate.string(row.confirmedAt) >= since
    }
}
