import Foundation
import PetSpotDomain
import PostgresNIO

/// The search plan on PostgreSQL; a plan advances with one conditional upsert, so of several instances
/// only one queues its alerts and e-mail.
extension PostgresStore {
    private func requireReport(_ id: AnnouncementID, on connection: PostgresConnection) async throws {
        guard try await !connection.query("SELECT 1 FROM announcement WHERE id = \(id.rawValue) FOR SHARE", logger: logger).collect().isEmpty else {
            throw StoreError.notFound
        }
    }

    public func searchPlanState(of id: AnnouncementID) async throws -> SearchPlanState {
        guard
            let row = try await rows(
                """
                SELECT p.band, p.mail_off, p.done FROM announcement a LEFT JOIN search_plan p ON p.id = a.id WHERE a.id = \(id.rawValue)
                """
            ).first
        else { throw StoreError.notFound }
        let (band, mailOff, done) = try row.decode((Int?, Bool?, String?).self)
        return SearchPlanState(band: band.flatMap(LikelyArea.Band.init(rawValue:)), mailOff: mailOff ?? false, done: SearchPlanState.done(done))
    }

    public func markPlanStep(_ step: SearchPlanStep, doneOn day: String?, of id: AnnouncementID) async throws {
        try await transaction { connection in
            try await requireReport(id, on: connection)
            try await connection.query("INSERT INTO search_plan (id) VALUES (\(id.rawValue)) ON CONFLICT (id) DO NOTHING", logger: logger)
            // The row is locked for the read and the write: two ticks at once both stay.
            let current = try await connection.query("SELECT done FROM search_plan WHERE id = \(id.rawValue) FOR UPDATE", logger: logger)
                .collect().first?.decode(String.self)
            var state = SearchPlanState(done: SearchPlanState.done(current))
            state.done[step] = day
            try await connection.query("UPDATE search_plan SET done = \(state.doneText) WHERE id = \(id.rawValue)", logger: logger)
        }
    }

    public func setPlanMail(off: Bool, of id: AnnouncementID) async throws {
        try await transaction { connection in
            try await requireReport(id, on: connection)
            try await connection.query(
                """
                INSERT INTO search_plan (id, mail_off) VALUES (\(id.rawValue), \(off)) ON CONFLICT (id) DO UPDATE SET mail_off = excluded.mail_off
                """, logger: logger)
        }
    }

    public func searchPlansDue(today: ReportDate, limit: Int) async throws -> [SearchPlanDue] {
        try await rows(
            PostgresQuery(
                unsafeSQL: """
                    SELECT a.*, p.band AS plan_band, p.mail_off AS plan_mail_off, p.done AS plan_done,
                           q.lifestyle AS plan_lifestyle, q.temperament AS plan_temperament, q.new_to_area AS plan_new_to_area
                    FROM announcement a LEFT JOIN search_plan p ON p.id = a.id LEFT JOIN announcement_private q ON q.id = a.id
                    WHERE \(SearchPlanSchema.due(today: today))
                    ORDER BY a.last_seen_date DESC, a.id DESC LIMIT \(max(1, limit))
                    """)
        ).map { row in
            let cells = row.makeRandomAccess()
            func text(_ name: String) throws -> String? { try cells[name].decode(String?.self) }
            let answers = SearchAnswers(
                lifestyle: try text("plan_lifestyle"), temperament: try text("plan_temperament"),
                newToArea: try text("plan_new_to_area"))
            let state = SearchPlanState(
                band: try cells["plan_band"].decode(Int?.self).flatMap(LikelyArea.Band.init(rawValue:)),
                mailOff: try cells["plan_mail_off"].decode(Bool?.self) ?? false, done: SearchPlanState.done(try text("plan_done")))
            return SearchPlanDue(report: try Self.announcement(from: row), answers: answers, state: state)
        }
    }

    public func advanceSearchPlan(_ id: AnnouncementID, to band: LikelyArea.Band, outbox: [OutboxEntry]) async throws -> Bool {
        try await transaction { connection in
            try await requireReport(id, on: connection)
            let moved = try await connection.query(
                """
                INSERT INTO search_plan (id, band) VALUES (\(id.rawValue), \(band.rawValue))
                ON CONFLICT (id) DO UPDATE SET band = excluded.band WHERE COALESCE(search_plan.band, -1) < excluded.band
                RETURNING id
                """, logger: logger
            ).collect()
            guard !moved.isEmpty else { return false }
            try await Self.enqueue(outbox, on: connection, logger: logger)
            return true
        }
    }

    public func whereToLook(of id: AnnouncementID) async throws -> (answers: SearchAnswers, areas: [SearchedArea]) {
        var bindings = PostgresBindings()
        bindings.append(id.rawValue)
        let found = try await rows(PostgresQuery(unsafeSQL: SearchPlanSchema.whereToLook, binds: bindings))
        typealias Row = (String?, String?, String?, String?, Double?, Double?, Int?, String?)
        let decoded = try found.map { try $0.decode(Row.self) }
        guard let first = decoded.first else { throw StoreError.notFound }
        return (
            SearchAnswers(lifestyle: first.0, temperament: first.1, newToArea: first.2),
            decoded.compactMap { row in
                guard let areaID = row.3, let lat = row.4, let lng = row.5, let radius = row.6, let day = row.7 else { return nil }
                return SearchedArea(id: areaID, center: Coordinate(latitude: lat, longitude: lng), radiusMeters: radius, searchedOn: day)
            }
        )
    }

    public func searchedAreas(of id: AnnouncementID) async throws -> [SearchedArea] {
        try await rows(
            """
            SELECT id, latitude, longitude, radius_m, searched_on FROM searched_area WHERE announcement_id = \(id.rawValue)
            ORDER BY searched_on DESC, seq DESC
            """
        ).map { row in
            let (areaID, lat, lng, radius, day) = try row.decode((String, Double, Double, Int, String).self)
            return SearchedArea(id: areaID, center: Coordinate(latitude: lat, longitude: lng), radiusMeters: radius, searchedOn: day)
        }
    }

    public func addSearchedArea(_ area: SearchedArea, to id: AnnouncementID) async throws {
        try await transaction { connection in
            // Locked, so that two adds at once cannot both pass the limit.
            guard
                try await !connection.query("SELECT 1 FROM announcement WHERE id = \(id.rawValue) FOR UPDATE", logger: logger)
                    .collect().isEmpty
            else { throw StoreError.notFound }
            let count =
                try await connection.query(
                    "SELECT COUNT(*)::int8 FROM searched_area WHERE announcement_id = \(id.rawValue)",
                    logger: logger
                ).collect().first?.decode(Int.self) ?? 0
            guard count < SearchedArea.limit else { throw StoreError.conflict(field: "area") }
            try await connection.query(
                """
                INSERT INTO searched_area (id, announcement_id, latitude, longitude, radius_m, searched_on)
                VALUES (\(area.id), \(id.rawValue), \(area.center.latitude), \(area.center.longitude), \(area.radiusMeters), \(area.searchedOn))
                """, logger: logger)
        }
    }

    public func removeSearchedArea(_ areaID: String, of id: AnnouncementID) async throws -> Bool {
        try await !rows("DELETE FROM searched_area WHERE id = \(areaID) AND announcement_id = \(id.rawValue) RETURNING id").isEmpty
    }

    public func replaceDirectory(_ places: [DirectoryPlace]) async throws {
        try await transaction { connection in
            try await connection.query("DELETE FROM directory_place", logger: logger)
            for place in places {
                try await connection.query(
                    """
                    INSERT INTO directory_place (kind, name, address, phone, hours, latitude, longitude)
                    VALUES (\(place.kind.rawValue), \(place.name), \(place.address), \(place.phone), \(place.hours),
                            \(place.location.latitude), \(place.location.longitude))
                    """, logger: logger)
            }
        }
    }

    public func directoryPlaces() async throws -> [DirectoryPlace] {
        try await rows("SELECT kind, name, address, phone, hours, latitude, longitude FROM directory_place ORDER BY seq").compactMap { row in
            let (kind, name, address, phone, hours, lat, lng) = try row.decode((String, String, String, String?, String?, Double, Double).self)
            return DirectoryPlace.Kind(rawValue: kind).map {
                DirectoryPlace(kind: $0, name: name, address: address, phone: phone, hours: hours, location: Coordinate(latitude: lat, longitude: lng))
            }
        }
    }
}
