import Foundation
import PostgresNIO

/// A counter that moves with every change to what a list can show: reports (status, photo,
/// place, moderation are their columns), their search words, the typo vocabulary and check-ins. The list
/// cache reads it before remaking an answer: unchanged, its kept answer is still the database's, so a quiet
/// database costs no searches. Moved by triggers in the writing transaction, so it is seen together with
/// the change, whoever wrote it: this instance, another one sharing the database, or a `petspot` command.
enum ListChangeSchema {
    static let table = "CREATE TABLE list_change (id INTEGER PRIMARY KEY CHECK (id = 1), stamp BIGINT NOT NULL)"
    static let firstRow = "INSERT INTO list_change (id, stamp) VALUES (1, 0)"
    static let read = "SELECT stamp FROM list_change WHERE id = 1"

    static let sqlite =
        [table, firstRow]
        + ["announcement", "announcement_words", "search_vocabulary", "announcement_checkin"].flatMap { table in
            ["INSERT", "UPDATE", "DELETE"].map { event in
                "CREATE TRIGGER \(table)_\(event.lowercased())_list_change AFTER \(event) ON \(table) BEGIN UPDATE list_change SET stamp = stamp + 1; END"
            }
        }

    /// On PostgreSQL the counter moves when the transaction commits (deferred constraint triggers): a
    /// transaction holds the counter's row lock only at its very end, so two writers touching several
    /// reports in crossing order cannot deadlock on it. Once a transaction: a setting local to it marks
    /// that it has moved the counter (a bulk load of a million rows moves it once, not a million times).
    static let postgres =
        [
            table, firstRow,
            """
            CREATE FUNCTION petspot_list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF current_setting('petspot.list_changed', true) IS DISTINCT FROM 'yes' THEN
                    UPDATE list_change SET stamp = stamp + 1 WHERE id = 1;
                    PERFORM set_config('petspot.list_changed', 'yes', true);
                END IF;
                RETURN NULL;
            END $$
            """,
        ]
        + ["announcement", "search_vocabulary", "announcement_checkin"].map { table in
            """
            CREATE CONSTRAINT TRIGGER \(table)_list_change AFTER INSERT OR UPDATE OR DELETE ON \(table)
            DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION petspot_list_changed()
            """
        }
}

extension SQLiteStore {
    public func listChangeStamp() async throws -> Int64? {
        try await read(ListChangeSchema.read, []).first?.column("stamp")?.integer.map(Int64.init)
    }
}

extension PostgresStore {
    public func listChangeStamp() async throws -> Int64? {
        try await rows(PostgresQuery(unsafeSQL: ListChangeSchema.read)).first?.decode(Int64.self)
    }
}

extension InMemoryStore {
    /// No counter: the list cache remakes its answers on time alone.
    public func listChangeStamp() -> Int64? { nil }
}
