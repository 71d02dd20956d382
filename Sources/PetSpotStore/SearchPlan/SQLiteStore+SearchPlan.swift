import Foundation
import PetSpotDomain
import SQLiteNIO

/// The search plan on SQLite: reads on the readers, changes on the single writer.
extension SQLiteStore {
    /// Throws `.notFound` unless report `id` exists (on the writer, inside the caller's transaction).
    private func requireReport(_ id: AnnouncementID, on connection: SQLiteConnection) async throws {
        guard try await !rows("SELECT 1 FROM announcement WHERE id = ?", [.text(id.rawValue)], on: connection).isEmpty else {
            throw StoreError.notFound
        }
    }

    private static func planState(_ row: some SQLiteColumns, prefix: String = "") -> SearchPlanState {
        SearchPlanState(
            band: row.column(prefix + "band")?.integer.flatMap(LikelyArea.Band.init(rawValue:)),
            mailOff: (row.column(prefix + "mail_off")?.integer ?? 0) != 0,
            done: SearchPlanState.done(row.column(prefix + "done")?.string))
    }

    public func searchPlanState(of id: AnnouncementID) async throws -> SearchPlanState {
        let found = try await read(
            """
            SELECT p.band, p.mail_off, p.done, a.id AS report FROM announcement a LEFT JOIN search_plan p ON p.id = a.id WHERE a.id = ?
            """, [.text(id.rawValue)])
        guard let row = found.first else { throw StoreError.notFound }
        return Self.planState(row)
    }

    /// Changes report `id`'s plan row (made first when it has none) with `body`.
    private func changePlan(_ id: AnnouncementID, _ sql: String, _ binds: [SQLiteData]) async throws {
        try await transaction { connection in
            try await self.requireReport(id, on: connection)
            _ = try await self.rows("INSERT INTO search_plan (id) VALUES (?) ON CONFLICT (id) DO NOTHING", [.text(id.rawValue)], on: connection)
            _ = try await self.rows(sql, binds + [.text(id.rawValue)], on: connection)
        }
    }

    public func markPlanStep(_ step: SearchPlanStep, doneOn day: String?, of id: AnnouncementID) async throws {
        // Read and written under the writer's lock: two ticks at once both stay.
        try await transaction { connection in
            try await self.requireReport(id, on: connection)
            let current = try await self.rows("SELECT done FROM search_plan WHERE id = ?", [.text(id.rawValue)], on: connection)
            var state = SearchPlanState(done: SearchPlanState.done(current.first?.column("done")?.string))
            state.done[step] = day
            _ = try await self.rows(
                """
                INSERT INTO search_plan (id, done) VALUES (?1, ?2) ON CONFLICT (id) DO UPDATE SET done = ?2
                """, [.text(id.rawValue), .text(state.doneText)], on: connection)
        }
    }

    public func setPlanMail(off: Bool, of id: AnnouncementID) async throws {
        try await changePlan(id, "UPDATE search_plan SET mail_off = ? WHERE id = ?", [.integer(off ? 1 : 0)])
    }

    public func searchPlansDue(today: ReportDate, limit: Int) async throws -> [SearchPlanDue] {
        try await withReader { connection in
            var due: [SearchPlanDue] = []
            try connection.each(
                """
                SELECT a.*, p.band AS plan_band, p.mail_off AS plan_mail_off, p.done AS plan_done,
                       q.lifestyle AS plan_lifestyle, q.temperament AS plan_temperament, q.new_to_area AS plan_new_to_area
                FROM announcement a LEFT JOIN search_plan p ON p.id = a.id LEFT JOIN announcement_private q ON q.id = a.id
                WHERE \(SearchPlanSchema.due(today: today))
                ORDER BY a.last_seen_date DESC, a.id DESC LIMIT \(max(1, limit))
                """, []
            ) { row in
                let answers = SearchAnswers(
                    lifestyle: row.column("plan_lifestyle")?.string, temperament: row.column("plan_temperament")?.string,
                    newToArea: row.column("plan_new_to_area")?.string)
                due.append(SearchPlanDue(report: try Self.announcement(from: row), answers: answers, state: Self.planState(row, prefix: "plan_")))
                return true
            }
            return due
        }
    }

    public func advanceSearchPlan(_ id: AnnouncementID, to band: LikelyArea.Band, outbox: [OutboxEntry]) async throws -> Bool {
        try await transaction { connection in
            try await self.requireReport(id, on: connection)
            let moved = try await self.rows(
                """
                INSERT INTO search_plan (id, band) VALUES (?1, ?2)
                ON CONFLICT (id) DO UPDATE SET band = ?2 WHERE COALESCE(search_plan.band, -1) < ?2
                RETURNING id
                """, [.text(id.rawValue), .integer(band.rawValue)], on: connection)
            guard !moved.isEmpty else { return false }
            try await Self.enqueue(outbox, on: connection)
            return true
        }
    }

    /// SQLite's spelling of the shared statement, made once (it was rewritten on every missing report's page).
    private static let whereToLookSQL = SearchPlanSchema.whereToLook.replacingOccurrences(of: "$1", with: "?1")

    public func whereToLook(of id: AnnouncementID) async throws -> (answers: SearchAnswers, areas: [SearchedArea]) {
        let rows = try await read(Self.whereToLookSQL, [.text(id.rawValue)])
        guard let first = rows.first else { throw StoreError.notFound }
        let answers = SearchAnswers(
            lifestyle: first.column("lifestyle")?.string, temperament: first.column("temperament")?.string,
            newToArea: first.column("new_to_area")?.string)
        return (
            answers,
            rows.compactMap { row in
                guard let areaID = row.column("area_id")?.string, let lat = row.column("latitude")?.double, let lng = row.column("longitude")?.double,
                    let radius = row.column("radius_m")?.integer, let day = row.column("searched_on")?.string
                else { return nil }
                return SearchedArea(id: areaID, center: Coordinate(latitude: lat, longitude: lng), radiusMeters: radius, searchedOn: day)
            }
        )
    }

    public func searchedAreas(of id: AnnouncementID) async throws -> [SearchedArea] {
        try await read(
            """
            SELECT id, latitude, longitude, radius_m, searched_on FROM searched_area WHERE announcement_id = ? ORDER BY searched_on DESC, seq DESC
            """, [.text(id.rawValue)]
        ).compactMap { row in
            guard let areaID = row.column("id")?.string, let lat = row.column("latitude")?.double, let lng = row.column("longitude")?.double,
                let radius = row.column("radius_m")?.integer, let day = row.column("searched_on")?.string
            else { return nil }
            return SearchedArea(id: areaID, center: Coordinate(latitude: lat, longitude: lng), radiusMeters: radius, searchedOn: day)
        }
    }

    public func addSearchedArea(_ area: SearchedArea, to id: AnnouncementID) async throws {
        try await transaction { connection in
            try await self.requireReport(id, on: connection)
            let count =
                try await self.rows(
                    "SELECT COUNT(*) AS n FROM searched_area WHERE announcement_id = ?", [.text(id.rawValue)],
                    on: connection
                ).first?.column("n")?.integer ?? 0
            guard count < SearchedArea.limit else { throw StoreError.conflict(field: "area") }
            _ = try await self.rows(
                """
                INSERT INTO searched_area (id, announcement_id, latitude, longitude, radius_m, searched_on) VALUES (?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(area.id), .text(id.rawValue), .float(area.center.latitude), .float(area.center.longitude),
                    .integer(area.radiusMeters), .text(area.searchedOn),
                ], on: connection)
        }
    }

    public func removeSearchedArea(_ areaID: String, of id: AnnouncementID) async throws -> Bool {
        try await transaction { connection in
            try await !self.rows(
                "DELETE FROM searched_area WHERE id = ? AND announcement_id = ? RETURNING id",
                [.text(areaID), .text(id.rawValue)], on: connection
            ).isEmpty
        }
    }

    public func replaceDirectory(_ places: [DirectoryPlace]) async throws {
        try await transaction { connection in
            _ = try await self.rows("DELETE FROM directory_place", [], on: connection)
            for place in places {
                _ = try await self.rows(
                    """
                    INSERT INTO directory_place (kind, name, address, phone, hours, latitude, longitude) VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        .text(place.kind.rawValue), .text(place.name), .text(place.address), place.phone.sqlite, place.hours.sqlite,
                        .float(place.location.latitude), .float(place.location.longitude),
                    ], on: connection)
            }
        }
    }

    public func directoryPlaces() async throws -> [DirectoryPlace] {
        try await read("SELECT kind, name, address, phone, hours, latitude, longitude FROM directory_place ORDER BY seq", []).compactMap { row in
            guard let kind = row.column("kind")?.string.flatMap(DirectoryPlace.Kind.init(rawValue:)), let name = row.column("name")?.string,
                let address = row.column("address")?.string, let lat = row.column("latitude")?.double,
                let lng = row.column("longitude")?.double
            else { return nil }
            return DirectoryPlace(
                kind: kind, name: name, address: address, phone: row.column("phone")?.string, hours: row.column("hours")?.string,
                location: Coordinate(latitude: lat, longitude: lng))
        }
    }
}
