import Foundation
import PetSpotDomain
import PostgresNIO
import SQLiteNIO

/// Which networks have filed something here before, so a flag from one counts for more than a flag
/// from a network never seen. A network is kept only as a keyed hash (the caller's), with when it was
/// first and last seen; nothing links it to what it filed.
public protocol ClientHistoryStore: Sendable {
    /// Records that `network` (a keyed hash) filed or confirmed something at `at`.
    func noteClient(_ network: String, at: Date) async throws
    /// When `network` was first seen, if it still is on record.
    func clientFirstSeen(_ network: String) async throws -> Date?
    /// Forgets the networks last seen before `date`.
    func forgetClients(lastSeenBefore date: Date) async throws
}

/// The history table, and the weight a hold counts (a later migration: older databases gain it, their
/// open items' weight made from their flag counts at a fresh flag's weight).
enum ClientHistorySchema {
    static func statements(real: String) -> [String] {
        [
            "CREATE TABLE client_history (network TEXT PRIMARY KEY, first_at \(real) NOT NULL, last_at \(real) NOT NULL)",
            "CREATE INDEX client_history_last ON client_history(last_at)",
            "ALTER TABLE moderation_item ADD COLUMN weight INTEGER NOT NULL DEFAULT 0",
            "UPDATE moderation_item SET weight = \(Flag.freshWeight) * flags",
        ]
    }
}

extension SQLiteStore {
    public func noteClient(_ network: String, at: Date) async throws {
        try await write {
            try await $0.query(
                """
                INSERT INTO client_history (network, first_at, last_at) VALUES (?, ?, ?)
                ON CONFLICT (network) DO UPDATE SET last_at = MAX(last_at, excluded.last_at)
                """, [.text(network), .float(at.timeIntervalSince1970), .float(at.timeIntervalSince1970)]
            ) { _ in }
        }
    }

    public func clientFirstSeen(_ network: String) async throws -> Date? {
        try await read("SELECT first_at FROM client_history WHERE network = ?", [.text(network)]).first?
            .column("first_at")?.double.map(Date.init(timeIntervalSince1970:))
    }

    public func forgetClients(lastSeenBefore date: Date) async throws {
        try await write { try await $0.query("DELETE FROM client_history WHERE last_at < ?", [.float(date.timeIntervalSince1970)]) { _ in } }
    }
}

extension PostgresStore {
    public func noteClient(_ network: String, at: Date) async throws {
        let seconds = at.timeIntervalSince1970
        _ = try await rows(
            """
            INSERT INTO client_history (network, first_at, last_at) VALUES (\(network), \(seconds), \(seconds))
            ON CONFLICT (network) DO UPDATE SET last_at = GREATEST(client_history.last_at, excluded.last_at)
            """)
    }

    public func clientFirstSeen(_ network: String) async throws -> Date? {
        try await rows("SELECT first_at FROM client_history WHERE network = \(network)").first
            .map { Date(timeIntervalSince1970: try $0.decode(Double.self)) }
    }

    public func forgetClients(lastSeenBefore date: Date) async throws {
        _ = try await rows("DELETE FROM client_history WHERE last_at < \(date.timeIntervalSince1970)")
    }
}

extension InMemoryStore {
    public func noteClient(_ network: String, at: Date) {
        let seen = moderation.clients[network]
        moderation.clients[network] = (min(seen?.first ?? at, at), max(seen?.last ?? at, at))
    }

    public func clientFirstSeen(_ network: String) -> Date? { moderation.clients[network]?.first }

    public func forgetClients(lastSeenBefore date: Date) { moderation.clients = moderation.clients.filter { $0.value.last >= date } }
}
