import Foundation
import PetSpotDomain

/// A report whose reporter is asked "still missing?" now, and the number of this question: its links
/// carry it, and answering uses it up.
public struct CheckInDue: Sendable, Equatable {
    public var report: Announcement
    public var sequence: Int
    /// The owner's answers about how the pet lives, for the day's search plan in the e-mail.
    public var answers: SearchAnswers

    public init(report: Announcement, sequence: Int, answers: SearchAnswers = SearchAnswers()) {
        self.report = report
        self.sequence = sequence
        self.answers = answers
    }
}

/// "Still missing?" check-ins: a report's last confirmation and when it is asked next. Only
/// reports that have been asked have a row; a report whose last confirmation is older than the list's
/// cutoff leaves the default list (`AnnouncementQuery.confirmedSince`) until it is confirmed again.
public protocol CheckInStore: Sendable {
    /// Claims the check-ins due at `now` and queues what `mails` makes of them, in one transaction: open
    /// reports with an e-mail address created between `newSince` and `now − first` that were never asked,
    /// and those whose next check-in is due. Each is asked again `every` seconds later.
    ///
    /// For every address with something due, the same address's check-ins due within `window` (shorter than
    /// `every`) are claimed too: one e-mail can ask about all of them, and from then
    /// on they fall due together, so an address is asked at most once per `window`.
    func claimCheckIns(
        now: Date, first: TimeInterval, every: TimeInterval, newSince: Date, window: TimeInterval, limit: Int,
        mails: @Sendable ([CheckInDue]) throws -> [OutboxEntry]
    ) async throws -> Int
    /// Records a confirmation from check-in `sequence`'s link, once: false when that link was used or is
    /// not the latest. `sequence` nil is the owner with the code: always recorded.
    func confirmCheckIn(_ id: AnnouncementID, sequence: Int?, at: Date) async throws -> Bool
    /// When the report was last confirmed, if it was ever asked; nil otherwise.
    func lastConfirmation(of id: AnnouncementID) async throws -> Date?
}

extension CheckInStore {
    /// Claims only what is due at `now` (no window).
    public func claimCheckIns(
        now: Date, first: TimeInterval, every: TimeInterval, newSince: Date, limit: Int,
        mails: @escaping @Sendable ([CheckInDue]) throws -> [OutboxEntry]
    ) async throws -> Int {
        try await claimCheckIns(now: now, first: first, every: every, newSince: newSince, window: 0, limit: limit, mails: mails)
    }
}

/// A claim's two passes, the same on every backend: what is due at `now`, then, for every address with
/// something due, that address's check-ins due within `window` (`CheckInStore.claimCheckIns`).
struct CheckInClaim {
    let now: Date, first: TimeInterval, window: TimeInterval, limit: Int

    /// `pass(createdBy, dueBy, emails, limit)` claims up to `limit` check-ins: reports never asked that
    /// were created by `createdBy`, and those due by `dueBy`; only `emails`' when they are given.
    func run(
        isolation: isolated (any Actor)? = #isolation, _ pass: (Date, Date, [String]?, Int) async throws -> [CheckInDue]
    ) async throws -> [CheckInDue] {
        var due = try await pass(now.addingTimeInterval(-first), now, nil, limit)
        let emails = Set(due.compactMap(\.report.email)).sorted()
        if window > 0, !emails.isEmpty, due.count < limit {
            due += try await pass(now.addingTimeInterval(window - first), now.addingTimeInterval(window), emails, limit - due.count)
        }
        return due
    }
}

enum CheckInSchema {
    static func create(idType: String, real: String) -> [String] {
        [
            """
            CREATE TABLE announcement_checkin (
                id \(idType) PRIMARY KEY REFERENCES announcement(id) ON DELETE CASCADE,
                confirmed_at TEXT NOT NULL, next_at \(real) NOT NULL, sequence INTEGER NOT NULL
            )
            """,
            "CREATE INDEX announcement_checkin_due ON announcement_checkin(next_at)",
            "CREATE INDEX announcement_checkin_confirmed ON announcement_checkin(confirmed_at)",
        ]
    }
    static let sqlite =
        create(idType: "TEXT", real: "REAL") + [
            "CREATE TRIGGER announcement_checkin_delete AFTER DELETE ON announcement BEGIN DELETE FROM announcement_checkin WHERE id = old.id; END"
        ]
    static let postgres = create(idType: "TEXT COLLATE \"C\"", real: "DOUBLE PRECISION")

    /// The list's condition on `a`: not left unconfirmed since before the cutoff.
    static let fresh = "NOT EXISTS (SELECT 1 FROM announcement_checkin c WHERE c.id = a.id AND c.confirmed_at < ?)"
}
