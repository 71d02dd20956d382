import Foundation
import PetSpotDomain
import PostgresNIO

/// Users (`"user"`), shared by every instance.
extension PostgresStore {
    public func create(_ user: User) async throws {
        let created = Timestamp.string(user.createdAt)
        try await conflicting("email") {
            _ = try await rows(
                """
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
}
