import PetSpotDomain
import PostgresNIO

/// A report's private details on PostgreSQL.
extension PostgresStore {
    public func privateDetails(of id: AnnouncementID) async throws -> PrivateDetails {
        let found = try await rows(
            """
            SELECT a.status, p.reported_as, p.caregiver_phone, p.current_address, p.collar_tag, p.identifying_trait,
                   p.lifestyle, p.temperament, p.new_to_area
            FROM announcement a LEFT JOIN announcement_private p ON p.id = a.id WHERE a.id = \(id.rawValue)
            """)
        guard let row = found.first else { throw StoreError.notFound }
        let (status, kind, phone, address, tag, trait, lifestyle, temperament, newToArea) =
            try row.decode((String, String?, String?, String?, String?, String?, String?, String?, String?).self)
        guard let reportedAs = kind.flatMap(AnnouncementStatus.init(rawValue:)) else {
            return .kindOnly(status: AnnouncementStatus(rawValue: status))
        }
        return PrivateDetails(
            reportedAs: reportedAs, caregiverPhone: phone, currentAddress: address, collarTag: tag, identifyingTrait: trait,
            searchAnswers: SearchAnswers(lifestyle: lifestyle, temperament: temperament, newToArea: newToArea))
    }

    public func setSearchAnswers(_ answers: SearchAnswers, of id: AnnouncementID) async throws {
        try await transaction { connection in
            let inserted = try await connection.query(
                """
                INSERT INTO announcement_private (id, reported_as, lifestyle, temperament, new_to_area)
                SELECT id, CASE WHEN status = 'FOUND' THEN 'FOUND' ELSE 'MISSING' END, \(answers.lifestyle?.rawValue),
                       \(answers.temperament?.rawValue), \(answers.newToAreaText)
                FROM announcement WHERE id = \(id.rawValue)
                ON CONFLICT (id) DO UPDATE SET lifestyle = excluded.lifestyle, temperament = excluded.temperament, new_to_area = excluded.new_to_area
                RETURNING id
                """, logger: logger
            ).collect()
            guard !inserted.isEmpty else { throw StoreError.notFound }
        }
    }

    public func openReport(microchip: String, status: AnnouncementStatus) async throws -> AnnouncementID? {
        try await rows("SELECT id FROM announcement WHERE microchip_number = \(microchip) AND status = \(status.rawValue) LIMIT 1")
            .first.map { AnnouncementID(try $0.decode(String.self)) }
    }

    public func ids(startingWith prefix: String, limit: Int) async throws -> [AnnouncementID] {
        try await rows("SELECT id FROM announcement WHERE id >= \(prefix) AND id < \(prefix + "~") ORDER BY id LIMIT \(max(1, limit))")
            .map { AnnouncementID(try $0.decode(String.self)) }
    }
}
