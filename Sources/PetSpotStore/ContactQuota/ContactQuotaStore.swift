import Foundation
import PetSpotDomain
import PostgresNIO
import SQLiteNIO

/// How many public contact details (e-mail, phone) each client has been handed: the
/// list and the report pages stop handing them out past a limit, so they cannot be harvested. Counted in
/// 10-minute slots; a budget spans the current slot and the `window − 1` before it, so no rolling hour
/// sees more than the limit (a fixed clock hour let a client take the limit twice around each hour).
public protocol ContactQuotaStore: Sendable {
    /// Atomically grants up to `amount` to `client` in `slot`: as many as the slots `slot − window + 1 …
    /// slot` leave under `limit` (0 when none), counted at once. Slots before the window are forgotten.
    func takeContactQuota(client: String, slot: Int, amount: Int, limit: Int, window: Int) async throws -> Int
}

/// The count table, the same on SQLite and PostgreSQL.
enum ContactQuotaSchema {
    static let statements = ["CREATE TABLE contact_quota (client TEXT NOT NULL, hour INTEGER NOT NULL, handed INTEGER NOT NULL, PRIMARY KEY (client, hour))"]
    /// Counted in 10-minute slots (hour counts are dropped: they were never more than an hour old).
    static let slots = ["DELETE FROM contact_quota", "ALTER TABLE contact_quota RENAME COLUMN hour TO slot"]
    static let used = "SELECT COALESCE(SUM(handed), 0) AS used FROM contact_quota WHERE client = $1 AND slot > $2"
    static let add = """
        INSERT INTO contact_quota (client, slot, handed) VALUES ($1, $2, $3)
        ON CONFLICT (client, slot) DO UPDATE SET handed = contact_quota.handed + excluded.handed
        """

    static func grant(used: Int, amount: Int, limit: Int) -> Int { max(0, min(amount, limit - used)) }
}

extension SQLiteStore {
    public func takeContactQuota(client: String, slot: Int, amount: Int, limit: Int, window: Int) async throws -> Int {
        let used = ContactQuotaSchema.used.replacingOccurrences(of: "$", with: "?")
        let add = ContactQuotaSchema.add.replacingOccurrences(of: "$", with: "?")
        return try await transaction { connection in
            if Int.random(in: 0..<100) == 0 {
                try await connection.query("DELETE FROM contact_quota WHERE slot <= ?", [.integer(slot - window)]) { _ in }
            }
            let handed = try await self.rows(used, [.text(client), .integer(slot - window)], on: connection).first?.column("used")?.integer ?? 0
            let granted = ContactQuotaSchema.grant(used: handed, amount: amount, limit: limit)
            if granted > 0 {
                try await connection.query(add, [.text(client), .integer(slot), .integer(granted)]) { _ in }
            }
            return granted
        }
    }
}

extension PostgresStore {
    public func takeContactQuota(client: String, slot: Int, amount: Int, limit: Int, window: Int) async throws -> Int {
        if Int.random(in: 0..<100) == 0 { _ = try await rows("DELETE FROM contact_quota WHERE slot <= \(slot - window)") }
        return try await transaction { connection in
            // One client's grants in turn, on every instance: the sum and the addition are one step.
            try await connection.query("SELECT pg_advisory_xact_lock(hashtext(\(client)))", logger: self.logger)
            let rows = try await connection.query(
                "SELECT COALESCE(SUM(handed), 0)::int8 FROM contact_quota WHERE client = \(client) AND slot > \(slot - window)",
                logger: self.logger
            ).collect()
            let granted = ContactQuotaSchema.grant(used: try rows.first?.decode(Int.self) ?? 0, amount: amount, limit: limit)
            if granted > 0 {
                try await connection.query(
                    """
                    INSERT INTO contact_quota (client, slot, handed) VALUES (\(client), \(slot), \(granted))
                    ON CONFLICT (client, slot) DO UPDATE SET handed = contact_quota.handed + excluded.handed
                    """, logger: self.logger)
            }
            return granted
        }
    }
}

extension InMemoryStore {
    public func takeContactQuota(client: String, slot: Int, amount: Int, limit: Int, window: Int) -> Int {
        contactQuota = contactQuota.filter { $0.key.slot > slot - window }
        let used = contactQuota.filter { $0.key.client == client }.values.reduce(0, +)
        let granted = ContactQuotaSchema.grant(used: used, amount: amount, limit: limit)
        if granted > 0 { contactQuota[ContactQuotaKey(client: client, slot: slot), default: 0] += granted }
        return granted
    }
}

struct ContactQuotaKey: Hashable, Sendable {
    var client: String
    var slot: Int
}
