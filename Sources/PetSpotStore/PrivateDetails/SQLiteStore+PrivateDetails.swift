import PetSpotDomain
import SQLiteNIO

/// A report's private details on SQLite.
extension SQLiteStore {
    public func privateDetails(of id: AnnouncementID) async throws -> PrivateDetails {
        let rows = try await read(
            """
            SELECT a.status, p.reported_as, p.caregiver_phone, p.current_address, p.collar_tag, p.identifying_trait,
                   p.lifestyle, p.temperament, p.new_to_area
            FROM announcement a LEFT JOIN announcement_private p ON p.id = a.id WHERE a.id = ?
            """, [.text(id.rawValue)])
        guard let row = rows.first else { throw StoreError.notFound }
        let text = { (name: String) in row.column(name)?.string }
        guard let kind = text("reported_as").flatMap(AnnouncementStatus.init(rawValue:)) else {
            return .kindOnly(status: text("status").flatMap(AnnouncementStatus.init(rawValue:)))
        }
        return PrivateDetails(
            reportedAs: kind, caregiverPhone: text("caregiver_phone"), currentAddress: text("current_address"),
            collarTag: text("collar_tag"), identifyingTrait: text("identifying_trait"),
            searchAnswers: SearchAnswers(lifestyle: text("lifestyle"), temperament: text("temperament"), newToArea: text("new_to_area")))
    }

    public func setSearchAnswers(_ answers: SearchAnswers, of id: AnnouncementID) async throws {
        try await transaction { connection in
            guard try await !self.rows("SELECT 1 FROM announcement WHERE id = ?", [.text(id.rawValue)], on: connection).isEmpty else {
                throw StoreError.notFound
            }
            // A report from before private details (or bulk-loaded) gets its row now, as the kind it is.
            _ = try await self.rows(
                """
                INSERT INTO announcement_private (id, reported_as) SELECT id, CASE WHEN status = 'FOUND' THEN 'FOUND' ELSE 'MISSING' END
                FROM announcement WHERE id = ? ON CONFLICT (id) DO NOTHING
                """, [.text(id.rawValue)], on: connection)
            _ = try await self.rows(
                "UPDATE announcement_private SET lifestyle = ?, temperament = ?, new_to_area = ? WHERE id = ?",
                [
                    (answers.lifestyle?.rawValue).sqlite, (answers.temperament?.rawValue).sqlite,
                    answers.newToAreaText.sqlite, .text(id.rawValue),
                ], on: connection)
        }
    }

    public func openReport(microchip: String, status: AnnouncementStatus) async throws -> AnnouncementID? {
        try await read(
            "SELECT id FROM announcement WHERE microchip_number = ? AND status = ? LIMIT 1",
            [.text(microchip), .text(status.rawValue)]
        ).first?.column("id")?.string.map { AnnouncementID($0) }
    }

    public func ids(startingWith prefix: String, limit: Int) async throws -> [AnnouncementID] {
        // A range on the unique index: ids are ASCII, and "~" sorts after every character they use.
        try await read(
            "SELECT id FROM announcement WHERE id >= ? AND id < ? ORDER BY id LIMIT \(max(1, limit))",
            [.text(prefix), .text(prefix + "~")]
        ).compactMap { $0.column("id")?.string.map { AnnouncementID($0) } }
    }
}
