import Foundation
import PostgresNIO

/// Users (`"user"`) and failed password attempts (`auth_failure`), shared by every instance.
extension PostgresStore {
    public func create(_ user: User) async throws {
        let created = StoredDate.string(user.createdAt)
        try await conflicting("email") {
            _ = try await rows("""
                INSERT INTO "user" (id, email, password_hash, created_at, updated_at)
                VALUES (\(user.id), \(user.email), \(user.passwordHash), \(created), \(created))
                """)
        }
    }

    public func find(email: String) async throws -> User? {
        guard let row = try await rows("SELECT id, email, password_hash, created_at FROM \"user\" WHERE email = \(email)").first else {
            return nil
        }
        let (id, email, hash, created) = try row.decode((String, String, String, String).self)
        return User(id: id, email: email, passwordHash: hash, createdAt: StoredDate.date(created) ?? Date(timeIntervalSince1970: 0))
    }

    public func recordFailure(scope: String, subject: String, at: Date) async throws {
        _ = try await rows("INSERT INTO auth_failure VALUES (\(scope), \(subject), \(at.timeIntervalSince1970))")
    }

    public func failures(scope: String, subject: String, since: Date) async throws -> [Date] {
        try await rows("""
            SELECT failed_at FROM auth_failure
            WHERE scope = \(scope) AND subject = \(subject) AND failed_at >= \(since.timeIntervalSince1970) ORDER BY failed_at
            """).map { Date(timeIntervalSince1970: try $0.decode(Double.self)) }
    }

    public func prune(before: Date) async throws {
        _ = try await rows("DELETE FROM auth_failure WHERE failed_at < \(before.timeIntervalSince1970)")
    }
}
