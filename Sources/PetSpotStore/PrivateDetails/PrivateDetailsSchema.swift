/// A report's private details, in a table of their own so that no public query can select
/// them: the kind it was filed as (a closed report reopens as that), the Found flow's caregiver phone and
/// current address, a collar tag's text. Reports filed before keep their open status as their kind.
enum PrivateDetailsSchema {
    static let create = """
        CREATE TABLE announcement_private (
            id TEXT PRIMARY KEY REFERENCES announcement(id) ON DELETE CASCADE,
            reported_as TEXT NOT NULL, caregiver_phone TEXT, current_address TEXT, collar_tag TEXT
        )
        """
    static let backfill = "INSERT INTO announcement_private (id, reported_as) SELECT id, status FROM announcement WHERE status <> 'CLOSED'"
    static let sqlite = [
        create, backfill,
        // SQLite runs without foreign-key enforcement here: the trigger does the cascade.
        "CREATE TRIGGER announcement_private_delete AFTER DELETE ON announcement BEGIN DELETE FROM announcement_private WHERE id = old.id; END",
    ]
    static let postgres = [create.replacingOccurrences(of: "id TEXT PRIMARY KEY", with: "id TEXT COLLATE \"C\" PRIMARY KEY"), backfill]
}

/// The owner's private identifying trait, beside the other private details.
enum IdentifyingTraitSchema {
    static let statements = ["ALTER TABLE announcement_private ADD COLUMN identifying_trait TEXT"]
}

/// The owner's answers about how the pet lives (a cat's lifestyle, a dog's temperament, new to
/// the area), beside the other private details; reports filed before have none.
enum SearchAnswersSchema {
    static let statements = ["lifestyle", "temperament", "new_to_area"].map { "ALTER TABLE announcement_private ADD COLUMN \($0) TEXT" }
}

/// Whether a report's contact details are relayed (kept private; people write through
/// PetSpot) rather than public. Reports filed before keep theirs public, as they were shown.
enum ContactRelaySchema {
    static let sqlite = ["ALTER TABLE announcement ADD COLUMN contact_relayed INTEGER NOT NULL DEFAULT 0"]
    static let postgres = ["ALTER TABLE announcement ADD COLUMN contact_relayed BOOLEAN NOT NULL DEFAULT false"]
}
