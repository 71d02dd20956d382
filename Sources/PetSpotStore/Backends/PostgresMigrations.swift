/// The PostgreSQL schema, one entry a version, applied in order at start under an advisory lock (so
/// instances starting together take turns). Names match the SQLite schema; `id` and the timestamps use
/// the "C" collation so text order is byte order, exactly as in SQLite and the in-memory twin.
enum PostgresMigrations {
    /// The advisory lock key migrations hold ("PetSpot" in ASCII).
    static let lockKey: Int64 = 0x50_65_74_53_70_6F_74

    static let all: [[String]] = [
        [
            """
            CREATE TABLE announcement (
                seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                id TEXT COLLATE "C" NOT NULL UNIQUE,
                pet_name TEXT, species TEXT NOT NULL, breed TEXT, sex TEXT NOT NULL, age BIGINT,
                description TEXT, microchip_number TEXT,
                location_latitude DOUBLE PRECISION NOT NULL, location_longitude DOUBLE PRECISION NOT NULL,
                email TEXT, phone TEXT, photo_url TEXT, last_seen_date TEXT NOT NULL,
                status TEXT NOT NULL, reward TEXT, management_password_hash TEXT NOT NULL,
                created_at TEXT COLLATE "C" NOT NULL
                    DEFAULT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                updated_at TEXT COLLATE "C" NOT NULL
                    DEFAULT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
            )
            """,
            "CREATE UNIQUE INDEX announcement_microchip ON announcement(microchip_number) WHERE microchip_number IS NOT NULL",
            "CREATE INDEX announcement_newest ON announcement(created_at DESC, id DESC)",
            // The geo index: a GiST over the location as a (longitude, latitude) point, searched with `<@ box`.
            "CREATE INDEX announcement_geo ON announcement USING gist (point(location_longitude, location_latitude))",
            """
            CREATE TABLE "user" (
                id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE, password_hash TEXT NOT NULL,
                created_at TEXT NOT NULL, updated_at TEXT NOT NULL
            )
            """,
            "CREATE TABLE auth_failure (scope TEXT NOT NULL, subject TEXT NOT NULL, failed_at DOUBLE PRECISION NOT NULL)",
            "CREATE INDEX auth_failure_lookup ON auth_failure(scope, subject, failed_at)",
            "CREATE INDEX auth_failure_age ON auth_failure(failed_at)",
        ],
        [
            "CREATE TABLE web_draft (key TEXT PRIMARY KEY, payload BYTEA NOT NULL, updated_at DOUBLE PRECISION NOT NULL)",
            "CREATE INDEX web_draft_age ON web_draft(updated_at)",
        ],
        // The geo index gains a time axis: a 3-D GiST of (latitude, longitude, days since 1970), so a
        // nearby search asks for the newest reports in the box first instead of sorting every report in
        // it (`PostgresNearbyQuery`). `cube` is a trusted contrib extension: the database owner may create it.
        [
            "CREATE EXTENSION IF NOT EXISTS cube",
            """
            CREATE FUNCTION announcement_days(created_at TEXT) RETURNS DOUBLE PRECISION
            LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
            RETURN extract(epoch FROM make_timestamp(substr(created_at, 1, 4)::int, substr(created_at, 6, 2)::int,
                substr(created_at, 9, 2)::int, substr(created_at, 12, 2)::int, substr(created_at, 15, 2)::int,
                substr(created_at, 18, 6)::float8))::float8 / 86400
            """,
            """
            CREATE INDEX announcement_geo_time ON announcement
            USING gist (cube(ARRAY[location_latitude, location_longitude, announcement_days(created_at)]))
            """,
            "DROP INDEX announcement_geo",
        ],
        OutboxSchema.statements(real: "DOUBLE PRECISION"),
        TrustSchema.statements,
        PrivateDetailsSchema.postgres,
        ContactRelaySchema.postgres,
        SightingSchema.postgres,
        IdentifyingTraitSchema.statements,
        ContactQuotaSchema.statements,
        AlertSchema.postgres,
        CheckInSchema.postgres,
        ContactQuotaSchema.slots,
        ModerationSchema.postgres,
        MyReportsSchema.statements(real: "DOUBLE PRECISION"),
        SearchSchema.postgres,
        SearchAnswersSchema.statements,
        SearchPlanSchema.postgres,
        ListChangeSchema.postgres,
        ModerationSchema.sessionsEnded(real: "DOUBLE PRECISION"),
        ClientHistorySchema.statements(real: "DOUBLE PRECISION"),
        RequestKeySchema.statements(real: "DOUBLE PRECISION", idType: "TEXT COLLATE \"C\""),
        SearchSchema.postgresAreaTokens,
        LookSchema.postgres,
        LookSchema.postgresCollation,
        OutboxSchema.givenUpErased,
    ]
}
