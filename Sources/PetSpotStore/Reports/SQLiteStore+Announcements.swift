import Foundation
import PetSpotDomain
import SQLiteNIO

/// Reports on SQLite: a new report's rows (its private details among them) in one transaction, reading,
/// counting and owner edits.
extension SQLiteStore {
    public func create(
        _ announcement: Announcement, privateDetails: PrivateDetails?, passwordHash: String,
        outbox: [OutboxEntry]
    ) async throws {
        let binds = Self.insertBinds(announcement, passwordHash: passwordHash)
        let details = privateDetails ?? PrivateDetails(reportedAs: announcement.status)
        try await transaction(conflictField: "microchipNumber") { connection in
            try await Self.insert(announcement, binds: binds, details: details, outbox: outbox, on: connection)
        }
    }

    /// A new report's rows: the report, its words, its private details, the search vocabulary, `outbox`.
    static func insert(
        _ announcement: Announcement, binds: [SQLiteData], details: PrivateDetails, outbox: [OutboxEntry], on connection: SQLiteConnection
    ) async throws {
        try await connection.query(insertSQL(rows: 1), binds) { _ in }
        try await connection.query(
            "INSERT INTO announcement_words (seq, words) VALUES (last_insert_rowid(), ?)",
            [.text(SearchSchema.words(of: announcement))]
        ) { _ in }
        try await connection.query(insertPrivateSQL, privateBinds(announcement.id, details)) { _ in }
        try await remember([announcement], on: connection)
        try await enqueue(outbox, on: connection)
    }

    /// The announcement columns `insertSQL` writes, in the order of `insertBinds`: the pet's texts last.
    static let insertColumns =
        [
            "id", "species", "sex", "age", "microchip_number", "location_latitude", "location_longitude", "email", "phone",
            "photo_url", "last_seen_date", "status", "reward", "management_password_hash", "created_at", "updated_at",
            "language", "contact_relayed", "place_name",
        ] + PetText.allCases.map(\.column)

    /// `INSERT INTO announcement` with `rows` groups of placeholders, in the order of `insertBinds`.
    static func insertSQL(rows: Int) -> String {
        let group = "(" + Array(repeating: "?", count: insertColumns.count).joined(separator: ", ") + ")"
        return "INSERT INTO announcement (\(insertColumns.joined(separator: ", "))) VALUES "
            + Array(repeating: group, count: rows).joined(separator: ", ")
    }

    /// The values of one announcement row, in the column order of `insertSQL`: the pet's texts last.
    static func insertBinds(_ a: Announcement, passwordHash: String) -> [SQLiteData] {
        [
            .text(a.id.rawValue), .text(a.species), .text(a.sex), a.age.map { .integer($0) } ?? .null, a.microchipNumber.sqlite,
            .float(a.location.latitude), .float(a.location.longitude), a.email.sqlite, a.phone.sqlite,
            a.photoURL.sqlite, .text(a.lastSeenDate), .text(a.status.rawValue), a.reward.sqlite, .text(passwordHash),
            .text(Timestamp.string(a.createdAt)), .text(Timestamp.string(a.updatedAt)), .text(a.language),
            .integer(a.contactRelayed ? 1 : 0), a.placeName.sqlite,
        ] + PetText.allCases.map { a.pet[keyPath: $0.keyPath].sqlite }
    }

    public func find(_ id: AnnouncementID) async throws -> Announcement {
        guard let found = try await readAnnouncements("SELECT * FROM announcement WHERE id = ?", [.text(id.rawValue)]).first else {
            throw StoreError.notFound
        }
        return found
    }

    public func find(_ ids: [AnnouncementID]) async throws -> [Announcement] {
        try await readAnnouncements("SELECT * FROM announcement WHERE id IN (SELECT value FROM json_each(?))", [.text(ids.jsonArray)])
            .ordered(as: ids)
    }

    public func list(_ query: AnnouncementQuery) async throws -> [Announcement] {
        if let search = query.search { return try await searchList(query, search: search) }
        if let nearby = query.nearby { return try await nearbyList(query, nearby: nearby) }
        let (sql, binds) = SQLiteListQuery.build(query)
        return try await readAnnouncements(sql, binds)
    }

    public func count() async throws -> Int {
        try await read("SELECT COUNT(*) AS n FROM announcement", []).first?.column("n")?.integer ?? 0
    }

    public func passwordHash(of id: AnnouncementID) async throws -> String {
        let found = try await read("SELECT management_password_hash AS h FROM announcement WHERE id = ?", [.text(id.rawValue)])
        guard let hash = found.first?.column("h")?.string else { throw StoreError.notFound }
        return hash
    }

    public func update(_ id: AnnouncementID, changes: AnnouncementChanges, at now: Date) async throws -> Announcement {
        try await transaction(conflictField: "microchipNumber") { connection in
            guard let row = try await self.rows("SELECT * FROM announcement WHERE id = ?", [.text(id.rawValue)], on: connection).first else {
                throw StoreError.notFound
            }
            var updated = changes.applied(to: try Self.announcement(from: row))
            updated.updatedAt = now
            let texts = PetText.allCases.map { "\($0.column) = ?" }.joined(separator: ", ")
            try await connection.query(
                "UPDATE announcement SET status = ?, reward = ?, updated_at = ?, \(texts) WHERE id = ?",
                [.text(updated.status.rawValue), updated.reward.sqlite, .text(Timestamp.string(now))]
                    + PetText.allCases.map { updated.pet[keyPath: $0.keyPath].sqlite } + [.text(id.rawValue)]
            ) { _ in }
            try await Self.index(updated, on: connection)
            return updated
        }
    }

    static let insertPrivateSQL = """
        INSERT INTO announcement_private (id, reported_as, caregiver_phone, current_address, collar_tag, identifying_trait,
                                          lifestyle, temperament, new_to_area)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    static func privateBinds(_ id: AnnouncementID, _ details: PrivateDetails) -> [SQLiteData] {
        [
            .text(id.rawValue), .text(details.reportedAs.rawValue), details.caregiverPhone.sqlite, details.currentAddress.sqlite,
            details.collarTag.sqlite, details.identifyingTrait.sqlite, (details.searchAnswers.lifestyle?.rawValue).sqlite,
            (details.searchAnswers.temperament?.rawValue).sqlite, details.searchAnswers.newToAreaText.sqlite,
        ]
    }
}
