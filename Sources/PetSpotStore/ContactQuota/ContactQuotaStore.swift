import Foundation
import PetSpotDomain
import PostgresNIO
import SQLiteNIO

/// How many public contact details (e-mail, phone) each client has been handed this hour (issue 13):
/// the list and the report pages stop handing them out past a limit, so they cannot be harvested.
public protocol ContactQuotaStore: Sendable {
    /// Atomically: when `client` has been handed at most `limit − amount` in `hour`, counts `amount` more
    /// and answers true; otherwise counts nothing and answers false. Hours before `hour − 1` are forgotten.
    func takeContactQuota(client: String, hour: Int, amount: Int, limit: Int) async throws -> Bool
}

/// The count table, the same on SQLite and PostgreSQL.
enum ContactQuotaSchema {
    static let statements = ["CREATE TABLE contact_quota (client TEXT NOT NULL, hour INTEGER NOT NULL, handed INTEGER NOT NULL, PRIMARY KEY (client, hour))"]
    /// Adds to the hour's count unless that would pass the limit; a row comes back when it was counted.
    static let upsert = """
        INSERT INTO contact_quota (client, hour, handed) VALUES ($1, $2, $3)
        ON CONFLICT (client, hour) DO UPDATE SET handed = contact_quota.handed + excluded.handed
        WHERE contact_quota.handed + excluded.handed <= $4 RETURNING handed
        """
}

extension SQLiteStore {
    public func takeContactQuota(client: String, hour: Int, amount: Int, limit: Int) async throws -> Bool {
        guard amount <= limit else { return false }
        return try await transaction { connection in
            if Int.random(in: 0..<100) == 0 {
                try await connection.query("DELETE FROM contact_quota WHERE hour < ?", [.integer(hour - 1)]) { _ in }
            }
            let sql = ContactQuotaSchema.upsert.replacingOccurrences(of: "$1", with: "?1").replacingOccurrences(of: "$2", with: "?2")
                .replacingOccurrences(of: "$3", with: "?3").replacingOccurrences(of: "$4", with: "?4")
            return try await !self.rows(sql, [.text(client), .integer(hour), .integer(amount), .integer(limit)], on: connection).isEmpty
        }
    }
}

extension PostgresStore {
    public func takeContactQuota(client: String, hour: Int, amount: Int, limit: Int) async throws -> Bool {
        guard amount <= limit else { return false }
        if Int.random(in: 0..<100) == 0 { _ = try await rows("DELETE FROM contact_quota WHERE hour < \(hour - 1)") }
        var query = PostgresQuery(unsafeSQL: ContactQuotaSchema.upsert)
        try query.binds.append(client, context: .default)
        try query.binds.append(hour, context: .default)
        try query.binds.append(amount, context: .default)
        try query.binds.append(limit, context: .default)
        return try await !rows(query).isEmpty
    }
}

extension InMemoryStore {
    public func takeContactQuota(client: String, hour: Int, amount: Int, limit: Int) -> Bool {
        contactQuota = contactQuota.filter { $0.key.hour >= hour - 1 }
        let handed = contactQuota[ContactQuotaKey(client: client, hour: hour), default: 0]
        guard handed + amount <= limit else { return false }
        contactQuota[ContactQuotaKey(client: client, hour: hour)] = handed + amount
        return true
    }
}

struct ContactQuotaKey: Hashable, Sendable {
    var client: String
    var hour: Int
}
