/// The language, open-chip index, outbox and match migration, the same on SQLite and PostgreSQL but for the name of the float type.
enum OutboxSchema {
    static func statements(real: String) -> [String] {
        [
            "ALTER TABLE announcement ADD COLUMN language TEXT NOT NULL DEFAULT 'en'",
            "DROP INDEX announcement_microchip",
            """
            CREATE UNIQUE INDEX announcement_open_microchip ON announcement(microchip_number, status)
            WHERE microchip_number IS NOT NULL AND status <> 'CLOSED'
            """,
            """
            CREATE TABLE outbox (
                id TEXT PRIMARY KEY, kind TEXT NOT NULL, payload TEXT NOT NULL,
                state TEXT NOT NULL DEFAULT 'pending', attempts INTEGER NOT NULL DEFAULT 0,
                created_at \(real) NOT NULL, available_at \(real) NOT NULL, finished_at \(real), last_error TEXT
            )
            """,
            "CREATE INDEX outbox_due ON outbox(available_at) WHERE state = 'pending'",
            """
            CREATE TABLE announcement_match (
                missing_id TEXT NOT NULL, found_id TEXT NOT NULL, created_at \(real) NOT NULL,
                PRIMARY KEY (missing_id, found_id)
            )
            """,
        ]
    }

    /// Messages given up on before their bodies were erased with them (a code e-mail's body holds the code).
    static let givenUpErased = ["UPDATE outbox SET payload = '' WHERE state = 'failed'"]
}
