import Foundation
import PetSpotDomain
import PostgresNIO

/// Announcements in the `announcement` table, and a new report's private details beside it.
extension PostgresStore {
    public func create(
        _ announcement: Announcement, privateDetails: PrivateDetails?, passwordHash: String,
        outbox: [OutboxEntry]
    ) async throws {
        let query = Self.insert([announcement], passwordHash: passwordHash)
        let details = Self.insertPrivate(announcement.id, privateDetails ?? PrivateDetails(reportedAs: announcement.status))
        try await conflicting("microchipNumber") {
            try await transaction { connection in
                try await connection.query(query, logger: logger)
                try await connection.query(details, logger: logger)
                try await Self.remember([announcement], on: connection, logger: logger)
                try await Self.enqueue(outbox, on: connection, logger: logger)
            }
        }
    }

    public func find(_ id: AnnouncementID) async throws -> Announcement {
        guard let row = try await rows("SELECT * FROM announcement WHERE id = \(id.rawValue)").first else { throw StoreError.notFound }
        return try Self.announcement(from: row)
    }

    public func find(_ ids: [AnnouncementID]) async throws -> [Announcement] {
        try await rows("SELECT * FROM announcement WHERE id = ANY(\(ids.map(\.rawValue)))").map(Self.announcement(from:)).ordered(as: ids)
    }

    public func list(_ query: AnnouncementQuery) async throws -> [Announcement] {
        if let search = query.search { return try await rows(PostgresSearchQuery.build(query, search: search)).map(Self.announcement(from:)) }
        if let nearby = query.nearby {
            let logger = logger
            return try await leased { connection in
                var found: [Announcement] = []
                for try await announcement in try await connection.execute(PostgresNearbyQuery(query: query, nearby: nearby), logger: logger) {
                    found.append(announcement)
                }
                return found
            }
        }
        return try await rows(PostgresListQuery.build(query)).map(Self.announcement(from:))
    }

    public func count() async throws -> Int {
        try await rows("SELECT COUNT(*)::int8 FROM announcement").first?.decode(Int.self) ?? 0
    }

    public func passwordHash(of id: AnnouncementID) async throws -> String {
        let found = try await rows("SELECT management_password_hash FROM announcement WHERE id = \(id.rawValue)")
        guard let row = found.first else { throw StoreError.notFound }
        return try row.decode(String.self)
    }

    public func update(_ id: AnnouncementID, changes: AnnouncementChanges, at now: Date) async throws -> Announcement {
        try await conflicting("microchipNumber") {
            try await transaction { connection in
                let found = try await connection.query("SELECT * FROM announcement WHERE id = \(id.rawValue) FOR UPDATE", logger: logger).collect()
                guard let row = found.first else { throw StoreError.notFound }
                var updated = changes.applied(to: try Self.announcement(from: row))
                updated.updatedAt = now
                var binds = PostgresBindings()
                func bind(_ value: String?) -> String {
                    if let value { binds.append(value) } else { binds.appendNull() }
                    return "$\(binds.count)"
                }
                let sets =
                    [
                        "status = \(bind(updated.status.rawValue))", "reward = \(bind(updated.reward))",
                        "updated_at = \(bind(Timestamp.string(now)))", "search_words = \(bind(SearchSchema.words(of: updated)))",
                    ] + PetText.allCases.map { "\($0.column) = \(bind(updated.pet[keyPath: $0.keyPath]))" }
                let sql = "UPDATE announcement SET \(sets.joined(separator: ", ")) WHERE id = \(bind(id.rawValue))"
                try await connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger)
                try await Self.remember([updated], on: connection, logger: logger)
                return updated
            }
        }
    }

    public func setPhoto(_ id: AnnouncementID, url: String, file: String, at now: Date, outbox: [OutboxEntry]) async throws -> String? {
        try await transaction { connection in
            let found = try await connection.query(
                "SELECT photo_url, photo_file FROM announcement WHERE id = \(id.rawValue) FOR UPDATE",
                logger: logger
            ).collect()
            guard let row = found.first else { throw StoreError.notFound }
            try await connection.query(
                """
                UPDATE announcement SET photo_url = \(url), photo_file = \(file), updated_at = \(Timestamp.string(now))
                WHERE id = \(id.rawValue)
                """, logger: logger)
            try await Self.enqueue(outbox, on: connection, logger: logger)
            let (previousURL, previousFile) = try row.decode((String?, String?).self)
            return StoredPhoto.file(stored: previousFile, url: previousURL)
        }
    }

    public func photoFile(of id: AnnouncementID, url: String, includeModerated: Bool) async throws -> String? {
        guard
            let row = try await rows(
                """
                SELECT photo_file FROM announcement WHERE id = \(id.rawValue) AND photo_url = \(url) AND (\(includeModerated) OR moderation IS NULL)
                """
            ).first
        else {
            return nil
        }
        return StoredPhoto.file(stored: try row.decode(String?.self), url: url)
    }

    public func namedPhotoFiles() async throws -> [String] {
        try await rows(
            """
            SELECT photo_file, photo_url FROM announcement WHERE photo_url LIKE '/images/%'
            UNION ALL SELECT photo_file, photo_url FROM sighting WHERE photo_file IS NOT NULL
            """
        ).compactMap { row in
            let (file, url) = try row.decode((String?, String?).self)
            return StoredPhoto.file(stored: file, url: url)
        }
    }

    public func delete(_ id: AnnouncementID) async throws -> (announcement: Announcement, photoFile: String?) {
        try await transaction { connection in
            let deleted = try await connection.query("DELETE FROM announcement WHERE id = \(id.rawValue) RETURNING *", logger: logger).collect()
            guard let row = deleted.first else { throw StoreError.notFound }
            let announcement = try Self.announcement(from: row)
            let file = try row.makeRandomAccess()["photo_file"].decode(String?.self)
            return (announcement, StoredPhoto.file(stored: file, url: announcement.photoURL))
        }
    }

    static func announcement(from row: PostgresRow) throws -> Announcement {
        let cells = row.makeRandomAccess()
        func text(_ name: String) throws -> String? { try cells[name].decode(String?.self) }
        func required(_ name: String) throws -> String { try cells[name].decode(String.self) }
        func date(_ name: String) throws -> Date { StoredDate.date(try required(name)) ?? Date(timeIntervalSince1970: 0) }
        var announcement = Announcement(
            id: AnnouncementID(try required("id")), species: try required("species"), sex: try required("sex"),
            age: try cells["age"].decode(Int?.self), microchipNumber: try text("microchip_number"),
            location: Coordinate(
                latitude: try cells["location_latitude"].decode(Double.self),
                longitude: try cells["location_longitude"].decode(Double.self)),
            lastSeenDate: try required("last_seen_date"), email: try text("email"), phone: try text("phone"),
            photoURL: try text("photo_url"), status: AnnouncementStatus(rawValue: try required("status")) ?? .missing,
            reward: try text("reward"), createdAt: try date("created_at"), updatedAt: try date("updated_at"),
            language: try required("language"), contactRelayed: try cells["contact_relayed"].decode(Bool.self))
        for field in PetText.allCases { announcement.pet[keyPath: field.keyPath] = try text(field.column) }
        announcement.placeName = try text("place_name")
        if let moderation = try text("moderation") {
            announcement.moderation = ModerationState(rawValue: moderation) ?? .hidden
            announcement.duplicateOf = try text("duplicate_of").map { AnnouncementID($0) }
        }
        return announcement
    }

    static func insertPrivate(_ id: AnnouncementID, _ details: PrivateDetails) -> PostgresQuery {
        """
        INSERT INTO announcement_private (id, reported_as, caregiver_phone, current_address, collar_tag, identifying_trait,
                                          lifestyle, temperament, new_to_area)
        VALUES (\(id.rawValue), \(details.reportedAs.rawValue), \(details.caregiverPhone), \(details.currentAddress), \(details.collarTag),
                \(details.identifyingTrait), \(details.searchAnswers.lifestyle?.rawValue), \(details.searchAnswers.temperament?.rawValue),
                \(details.searchAnswers.newToAreaText))
        """
    }
}
