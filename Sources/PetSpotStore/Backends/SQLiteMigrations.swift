import PetSpotDomain

/// The SQLite schema, one entry a version; applied in order at start, each in its own transaction.
/// Table and column names follow the reference backend, so its data and fixtures carry over.
enum SQLiteMigrations {
    static let all: [[String]] = [
        [
            """
            CREATE TABLE announcement (
                seq INTEGER PRIMARY KEY,
                id TEXT NOT NULL UNIQUE,
                pet_name TEXT, species TEXT NOT NULL, breed TEXT, sex TEXT NOT NULL, age INTEGER,
                description TEXT, microchip_number TEXT,
                location_latitude REAL NOT NULL, location_longitude REAL NOT NULL,
                email TEXT, phone TEXT, photo_url TEXT, last_seen_date TEXT NOT NULL,
                status TEXT NOT NULL, reward TEXT, management_password_hash TEXT NOT NULL,
                created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
                updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
            )
            """,
            "CREATE UNIQUE INDEX announcement_microchip ON announcement(microchip_number) WHERE microchip_number IS NOT NULL",
            "CREATE INDEX announcement_newest ON announcement(created_at DESC, id DESC)",
            "CREATE VIRTUAL TABLE announcement_geo USING rtree(id, min_lat, max_lat, min_lng, max_lng)",
            """
            CREATE TRIGGER announcement_geo_insert AFTER INSERT ON announcement BEGIN
                INSERT INTO announcement_geo VALUES (new.seq, new.location_latitude, new.location_latitude,
                                                     new.location_longitude, new.location_longitude);
            END
            """,
            """
            CREATE TRIGGER announcement_geo_update AFTER UPDATE OF location_latitude, location_longitude ON announcement BEGIN
                UPDATE announcement_geo SET min_lat = new.location_latitude, max_lat = new.location_latitude,
                    min_lng = new.location_longitude, max_lng = new.location_longitude WHERE id = new.seq;
            END
            """,
            "CREATE TRIGGER announcement_geo_delete AFTER DELETE ON announcement BEGIN DELETE FROM announcement_geo WHERE id = old.seq; END",
            """
            CREATE TABLE "user" (
                id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE, password_hash TEXT NOT NULL,
                created_at TEXT NOT NULL, updated_at TEXT NOT NULL
            )
            """,
            "CREATE TABLE auth_failure (scope TEXT NOT NULL, subject TEXT NOT NULL, failed_at REAL NOT NULL)",
            "CREATE INDEX auth_failure_lookup ON auth_failure(scope, subject, failed_at)",
            "CREATE INDEX auth_failure_age ON auth_failure(failed_at)",
        ],
        [
            "CREATE TABLE web_draft (key TEXT PRIMARY KEY, payload BLOB NOT NULL, updated_at REAL NOT NULL)",
            "CREATE INDEX web_draft_age ON web_draft(updated_at)",
        ],
        // The geo index gains a time axis (years since 1970), so a nearby search can ask the R*Tree
        // for the newest reports in the box first instead of sorting every report in it.
        [
            "DROP TRIGGER announcement_geo_insert",
            "DROP TRIGGER announcement_geo_update",
            "DROP TRIGGER announcement_geo_delete",
            "DROP TABLE announcement_geo",
            "CREATE VIRTUAL TABLE announcement_geo USING rtree(id, min_lat, max_lat, min_lng, max_lng, min_t, max_t)",
            """
            INSERT INTO announcement_geo SELECT seq, location_latitude, location_latitude, location_longitude,
                location_longitude, \(years("created_at")), \(years("created_at")) FROM announcement
            """,
            """
            CREATE TRIGGER announcement_geo_insert AFTER INSERT ON announcement BEGIN
                INSERT INTO announcement_geo VALUES (new.seq, new.location_latitude, new.location_latitude,
                    new.location_longitude, new.location_longitude, \(years("new.created_at")), \(years("new.created_at")));
            END
            """,
            """
            CREATE TRIGGER announcement_geo_update AFTER UPDATE OF location_latitude, location_longitude, created_at
            ON announcement BEGIN
                UPDATE announcement_geo SET min_lat = new.location_latitude, max_lat = new.location_latitude,
                    min_lng = new.location_longitude, max_lng = new.location_longitude,
                    min_t = \(years("new.created_at")), max_t = \(years("new.created_at")) WHERE id = new.seq;
            END
            """,
            "CREATE TRIGGER announcement_geo_delete AFTER DELETE ON announcement BEGIN DELETE FROM announcement_geo WHERE id = old.seq; END",
        ],
        // The report's language, a chip unique per kind among open reports (a found report may
        // carry the chip of a missing one: that is the best match there is), the outbox, matched pairs.
        OutboxSchema.statements(real: "REAL"),
        TrustSchema.statements,
        PrivateDetailsSchema.sqlite,
        ContactRelaySchema.sqlite,
        SightingSchema.sqlite,
        IdentifyingTraitSchema.statements,
        ContactQuotaSchema.statements,
        AlertSchema.sqlite,
        CheckInSchema.sqlite,
        ContactQuotaSchema.slots,
        ModerationSchema.sqlite,
        MyReportsSchema.statements(real: "REAL"),
        SearchSchema.sqlite,
        SearchAnswersSchema.statements,
        SearchPlanSchema.sqlite,
        ListChangeSchema.sqlite,
        ModerationSchema.sessionsEnded(real: "REAL"),
        ClientHistorySchema.statements(real: "REAL"),
        RequestKeySchema.statements(real: "REAL", idType: "TEXT"),
        SearchSchema.sqliteAreaTokens,
        LookSchema.sqlite,
        OutboxSchema.givenUpErased,
    ]

    /// Days in one unit of the geo index's time axis.
    static let daysPerTimeUnit = 365.25

    /// SQL for the time-axis value of the ISO-8601 timestamp in `column`: years since 1970.
    static func years(_ column: String) -> String {
        "((julianday(\(column)) - 2440587.5) / \(daysPerTimeUnit))"
    }
}
