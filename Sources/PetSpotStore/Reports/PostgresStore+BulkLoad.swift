import PetSpotDomain
import PostgresNIO

extension PostgresStore: BulkLoading {
    /// Rows per multi-row INSERT: 23 parameters a row stays under PostgreSQL's 65 535 parameter limit.
    static let rowsPerInsert = 1000

    /// Inserts every announcement in one transaction, `rowsPerInsert` rows a statement.
    public func bulkLoad(_ announcements: [Announcement], passwordHash: String) async throws {
        try await transaction { connection in
            var start = announcements.startIndex
            while start < announcements.endIndex {
                let end = min(start + Self.rowsPerInsert, announcements.endIndex)
                try await connection.query(Self.insert(Array(announcements[start..<end]), passwordHash: passwordHash), logger: logger)
                start = end
            }
            try await Self.remember(announcements, on: connection, logger: logger)
        }
    }

    /// Refreshes the planner's statistics after a bulk load.
    public func analyze() async throws {
        _ = try await rows("ANALYZE announcement, photo_look")
    }

    /// The reference backend's nearby algorithm, the benchmarks' baseline: the same statement as `list`
    /// with every index scan switched off, so the distance is computed for every row of the table.
    public func fullScanList(_ query: AnnouncementQuery) async throws -> [Announcement] {
        try await transaction { connection in
            for setting in ["enable_indexscan", "enable_bitmapscan", "enable_indexonlyscan"] {
                try await connection.query(PostgresQuery(unsafeSQL: "SET LOCAL \(setting) = off"), logger: logger)
            }
            return try await connection.query(PostgresListQuery.build(query), logger: logger).collect().map(Self.announcement(from:))
        }
    }

    /// `INSERT INTO announcement` of `rows`, every value bound; `create` inserts one row with it.
    static func insert(_ rows: [Announcement], passwordHash: String) -> PostgresQuery {
        var binds = PostgresBindings()
        func bind(_ value: (some PostgresDynamicTypeEncodable)?) -> String {
            if let value { binds.append(value) } else { binds.appendNull() }
            return "$\(binds.count)"
        }
        let values = rows.map { a in
            let fields = [
                bind(a.id.rawValue), bind(a.species), bind(a.sex), bind(a.age), bind(a.microchipNumber),
                bind(a.location.latitude), bind(a.location.longitude), bind(a.email), bind(a.phone), bind(a.photoURL),
                bind(a.lastSeenDate), bind(a.status.rawValue), bind(a.reward), bind(passwordHash),
                bind(Timestamp.string(a.createdAt)), bind(Timestamp.string(a.updatedAt)), bind(a.language),
                bind(a.contactRelayed), bind(a.placeName), bind(SearchSchema.words(of: a)),
            ]
            return "(" + (fields + PetText.allCases.map { bind(a.pet[keyPath: $0.keyPath]) }).joined(separator: ", ") + ")"
        }
        let texts = PetText.allCases.map { ", " + $0.column }.joined()
        return PostgresQuery(
            unsafeSQL: """
                INSERT INTO announcement (id, species, sex, age, microchip_number, location_latitude, location_longitude,
                    email, phone, photo_url, last_seen_date, status, reward, management_password_hash, created_at,
                    updated_at, language, contact_relayed, place_name, search_words\(texts))
                VALUES \(values.joined(separator: ", "))
                """, binds: binds)
    }
}
