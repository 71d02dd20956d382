import Foundation
import PetSpotDomain
import PostgresNIO

/// The console's operators on PostgreSQL.
extension PostgresStore {
    public func addOperator(_ account: OperatorAccount) async throws {
        try await conflicting("name") {
            _ = try await rows(
                """
                INSERT INTO operator (name, password_hash, totp_secret, enrolled, created_at, sessions_ended_at)
                VALUES (\(account.name), \(account.passwordHash), \(account.totpSecret), \(account.enrolled),
                        \(account.createdAt.timeIntervalSince1970), \(account.sessionsEndedAt.timeIntervalSince1970))
                """)
        }
    }

    public func operatorAccount(named name: String) async throws -> OperatorAccount? {
        try await rows("SELECT \(unescaped: Self.operatorColumns) FROM operator WHERE name = \(name)").first.map(Self.operatorAccount(from:))
    }

    public func endOperatorSessions(named name: String, at: Date) async throws {
        _ = try await rows("UPDATE operator SET sessions_ended_at = GREATEST(sessions_ended_at, \(at.timeIntervalSince1970)) WHERE name = \(name)")
    }

    public func enrolOperator(named name: String) async throws {
        _ = try await rows("UPDATE operator SET enrolled = true WHERE name = \(name)")
    }

    public func resetOperator(named name: String, passwordHash: String, totpSecret: String) async throws {
        guard
            try await !rows(
                """
                UPDATE operator SET password_hash = \(passwordHash), totp_secret = \(totpSecret), enrolled = false WHERE name = \(name) RETURNING name
                """
            ).isEmpty
        else {
            throw StoreError.notFound
        }
    }

    public func takeTOTPStep(_ step: Int64, operator name: String) async throws -> Bool {
        try await !rows("UPDATE operator SET totp_last_step = \(step) WHERE name = \(name) AND totp_last_step < \(step) RETURNING name").isEmpty
    }

    public func operatorAccounts() async throws -> [OperatorAccount] {
        try await rows("SELECT \(unescaped: Self.operatorColumns) FROM operator ORDER BY name").map(Self.operatorAccount(from:))
    }

    public func removeOperator(named name: String) async throws {
        guard try await !rows("DELETE FROM operator WHERE name = \(name) RETURNING name").isEmpty else { throw StoreError.notFound }
    }

    private static let operatorColumns = "name, password_hash, totp_secret, enrolled, created_at, sessions_ended_at"

    private static func operatorAccount(from row: PostgresRow) throws -> OperatorAccount {
        let (name, hash, secret, enrolled, at, ended) = try row.decode((String, String, String, Bool, Double, Double).self)
        return OperatorAccount(
            name: name, passwordHash: hash, totpSecret: secret, enrolled: enrolled, createdAt: Date(timeIntervalSince1970: at),
            sessionsEndedAt: Date(timeIntervalSince1970: ended))
    }
}
