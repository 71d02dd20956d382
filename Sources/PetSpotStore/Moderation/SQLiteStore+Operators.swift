import Foundation
import PetSpotDomain
import SQLiteNIO

/// The console's operators on SQLite.
extension SQLiteStore {
    public func addOperator(_ account: OperatorAccount) async throws {
        try await write(conflictField: "name") { connection in
            try await connection.query(
                """
                INSERT INTO operator (name, password_hash, totp_secret, enrolled, created_at, sessions_ended_at) VALUES (?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(account.name), .text(account.passwordHash), .text(account.totpSecret), .integer(account.enrolled ? 1 : 0),
                    .float(account.createdAt.timeIntervalSince1970), .float(account.sessionsEndedAt.timeIntervalSince1970),
                ]
            ) { _ in }
        }
    }

    public func operatorAccount(named name: String) async throws -> OperatorAccount? {
        try await read("SELECT * FROM operator WHERE name = ?", [.text(name)]).first.map(Self.operatorAccount(from:))
    }

    public func endOperatorSessions(named name: String, at: Date) async throws {
        try await write {
            try await $0.query(
                "UPDATE operator SET sessions_ended_at = MAX(sessions_ended_at, ?) WHERE name = ?",
                [.float(at.timeIntervalSince1970), .text(name)]
            ) { _ in }
        }
    }

    public func enrolOperator(named name: String) async throws {
        try await write { try await $0.query("UPDATE operator SET enrolled = 1 WHERE name = ?", [.text(name)]) { _ in } }
    }

    public func resetOperator(named name: String, passwordHash: String, totpSecret: String) async throws {
        let changed = try await transaction { connection in
            try await self.rows(
                "UPDATE operator SET password_hash = ?, totp_secret = ?, enrolled = 0 WHERE name = ? RETURNING name",
                [.text(passwordHash), .text(totpSecret), .text(name)], on: connection)
        }
        guard !changed.isEmpty else { throw StoreError.notFound }
    }

    public func takeTOTPStep(_ step: Int64, operator name: String) async throws -> Bool {
        try await transaction { connection in
            try await !self.rows(
                "UPDATE operator SET totp_last_step = ? WHERE name = ? AND totp_last_step < ? RETURNING name",
                [.integer(Int(step)), .text(name), .integer(Int(step))], on: connection
            ).isEmpty
        }
    }

    public func operatorAccounts() async throws -> [OperatorAccount] {
        try await read("SELECT * FROM operator ORDER BY name", []).map(Self.operatorAccount(from:))
    }

    public func removeOperator(named name: String) async throws {
        let removed = try await transaction { connection in
            try await self.rows("DELETE FROM operator WHERE name = ? RETURNING name", [.text(name)], on: connection)
        }
        guard !removed.isEmpty else { throw StoreError.notFound }
    }

    private static func operatorAccount(from row: some SQLiteColumns) -> OperatorAccount {
        OperatorAccount(
            name: row.column("name")?.string ?? "", passwordHash: row.column("password_hash")?.string ?? "",
            totpSecret: row.column("totp_secret")?.string ?? "", enrolled: row.column("enrolled")?.integer == 1,
            createdAt: Date(timeIntervalSince1970: row.column("created_at")?.double ?? 0),
            sessionsEndedAt: Date(timeIntervalSince1970: row.column("sessions_ended_at")?.double ?? 0))
    }
}
