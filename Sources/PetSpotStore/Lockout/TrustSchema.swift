/// The trust schema, the same on SQLite and PostgreSQL: attempts carry an id (so a right password
/// gives its attempt back), and a photo's file has a name of its own, versioned, so a file only
/// becomes visible when the row that names it commits.
enum TrustSchema {
    static let statements = [
        "ALTER TABLE auth_failure ADD COLUMN attempt_id TEXT",
        "CREATE INDEX auth_failure_attempt ON auth_failure(attempt_id)",
        "ALTER TABLE announcement ADD COLUMN photo_file TEXT",
    ]
}
