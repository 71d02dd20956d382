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
        OutboxSchema.statements(real: "DOUBLE PRECISION"),
    ]
}
