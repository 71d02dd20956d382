import Foundation
import PetSpotDomain

/// What the search plan keeps: per report, the band its alerts and plan e-mail have reached,
/// the owner's "done" ticks and whether the plan e-mails are stopped; the areas the owner searched; and
/// the operator's directory of shelters and vets.
public protocol SearchPlanStore: Sendable {
    /// The plan's state for report `id` (the default for a report that has none); `.notFound` for no report.
    func searchPlanState(of id: AnnouncementID) async throws -> SearchPlanState
    /// Ticks `step` done on `day` (`yyyy-MM-dd`), or unticks it (nil); `.notFound` for no report.
    func markPlanStep(_ step: SearchPlanStep, doneOn day: String?, of id: AnnouncementID) async throws
    /// Stops (or starts again) the plan e-mails of report `id`; `.notFound` for no report.
    func setPlanMail(off: Bool, of id: AnnouncementID) async throws
    /// Up to `limit` open, missing reports last seen within `LikelyArea.Band.followedDays` of `today`
    /// whose days-gone band is past the one their plan last reached, most recently seen first.
    func searchPlansDue(today: ReportDate, limit: Int) async throws -> [SearchPlanDue]
    /// Records that report `id`'s plan reached `band` and queues `outbox`, in one transaction, only when
    /// its plan was behind `band` (so one instance of several does it); true when it did.
    func advanceSearchPlan(_ id: AnnouncementID, to band: LikelyArea.Band, outbox: [OutboxEntry]) async throws -> Bool

    /// What a missing report's public page reads, in one trip: the owner's answers and the areas
    /// searched (newest day first); `.notFound` for no report.
    func whereToLook(of id: AnnouncementID) async throws -> (answers: SearchAnswers, areas: [SearchedArea])
    /// The areas searched for report `id`, newest day first.
    func searchedAreas(of id: AnnouncementID) async throws -> [SearchedArea]
    /// Adds a searched area; `.notFound` for no report, `.conflict("area")` past `SearchedArea.limit`.
    func addSearchedArea(_ area: SearchedArea, to id: AnnouncementID) async throws
    /// Removes a searched area of report `id`; false when it has no such area.
    func removeSearchedArea(_ areaID: String, of id: AnnouncementID) async throws -> Bool

    /// Replaces the whole directory with `places`, in one transaction.
    func replaceDirectory(_ places: [DirectoryPlace]) async throws
    func directoryPlaces() async throws -> [DirectoryPlace]
}

enum SearchPlanSchema {
    static func create(idType: String, real: String, boolean: String, serial: String) -> [String] {
        [
            """
            CREATE TABLE search_plan (
                id \(idType) PRIMARY KEY REFERENCES announcement(id) ON DELETE CASCADE,
                band INTEGER, mail_off \(boolean) NOT NULL DEFAULT \(boolean == "BOOLEAN" ? "false" : "0"), done TEXT NOT NULL DEFAULT ''
            )
            """,
            """
            CREATE TABLE searched_area (
                seq \(serial), id TEXT NOT NULL UNIQUE, announcement_id \(idType) NOT NULL REFERENCES announcement(id) ON DELETE CASCADE,
                latitude \(real) NOT NULL, longitude \(real) NOT NULL, radius_m INTEGER NOT NULL, searched_on TEXT NOT NULL
            )
            """,
            "CREATE INDEX searched_area_report ON searched_area(announcement_id)",
            """
            CREATE TABLE directory_place (
                seq \(serial), kind TEXT NOT NULL, name TEXT NOT NULL, address TEXT NOT NULL, phone TEXT, hours TEXT,
                latitude \(real) NOT NULL, longitude \(real) NOT NULL
            )
            """,
        ]
    }

    static let sqlite =
        create(idType: "TEXT", real: "REAL", boolean: "INTEGER", serial: "INTEGER PRIMARY KEY") + [
            "CREATE TRIGGER search_plan_delete AFTER DELETE ON announcement BEGIN DELETE FROM search_plan WHERE id = old.id; END",
            "CREATE TRIGGER searched_area_delete AFTER DELETE ON announcement BEGIN DELETE FROM searched_area WHERE announcement_id = old.id; END",
        ]
    static let postgres = create(idType: "TEXT COLLATE \"C\"", real: "DOUBLE PRECISION", boolean: "BOOLEAN", serial: "BIGSERIAL PRIMARY KEY")

    /// The statement of `whereToLook(of:)`: the answers on every row, one row per area (one with no area).
    static let whereToLook = """
        SELECT q.lifestyle, q.temperament, q.new_to_area, s.id AS area_id, s.latitude, s.longitude, s.radius_m, s.searched_on
        FROM announcement a LEFT JOIN announcement_private q ON q.id = a.id LEFT JOIN searched_area s ON s.announcement_id = a.id
        WHERE a.id = $1 ORDER BY s.searched_on DESC, s.seq DESC
        """

    /// The SQL of the days-gone band of `a.last_seen_date`, with one `?`-free literal per band start.
    static func band(starts: [String]) -> String {
        "CASE " + starts.enumerated().map { "WHEN a.last_seen_date > '\($0.element)' THEN \($0.offset)" }.joined(separator: " ")
            + " ELSE \(starts.count) END"
    }

    /// The condition on `a` and `p` (the plan's row, if any) of `searchPlansDue`; the dates are the
    /// domain's own `yyyy-MM-dd` texts, never input.
    static func due(today: ReportDate) -> String {
        let since = ReportDate.adding(-LikelyArea.Band.followedDays, to: today).text
        return """
            a.status = 'MISSING' AND a.last_seen_date >= '\(since)' AND a.last_seen_date <= '\(today.text)'
              AND COALESCE(p.band, -1) < \(band(starts: LikelyArea.Band.starts(today: today)))
            """
    }

    /// The last-seen band of `report` on `today`.
    static func band(of report: Announcement, today: ReportDate) -> LikelyArea.Band {
        LikelyArea.Band(daysGone: SearchPlan.daysGone(lastSeen: report.lastSeenDate, today: today))
    }
}
