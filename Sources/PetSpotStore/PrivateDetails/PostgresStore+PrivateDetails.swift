import PetSpotDomain
import PostgresNIO

/// A report's private details on PostgreSQL.
extension PostgresStore {
    static func insertPrivate(_ id: AnnouncementID, _ details: PrivateDetails) -> PostgresQuery {
        """
        INSERT INTO announcement_private (id, reported_as, caregiver_phone, current_address, collar_tag, identifying_trait)
        VALUES (\(id.rawValue), \(details.reportedAs.rawValue), \(details.caregiverPhone), \(details.currentAddress), \(details.collarTag),
                \(details.identifyingTrait))
        """
    }

    public func privateDetails(of id: AnnouncementID) async throws -> PrivateDetails {
        let found = try await rows("""
            SELECT a.status, p.reported_as, p.caregiver_phone, p.current_address, p.collar_tag, p.identifying_trait
            FROM announcement a LEFT JOIN announcement_private p ON p.id = a.id WHERE a.id = \(id.rawValue)
            """)
        guard let row = found.first else { throw StoreError.notFound }
        let (status, kind, phone, address, tag, trait) = try row.decode((String, String?, String?, String?, String?, String?).self)
        guard let reportedAs = kind.flatMap(AnnouncementStatus.init(rawValue:)) else {
            return .kindOnly(status: AnnouncementStatus(rawValue: status))
        }
        return PrivateDetails(reportedAs: reportedAs, caregiverPhone: phone, currentAddress: address, collarTag: tag, identifyingTrait: trait)
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
