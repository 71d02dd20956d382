import Foundation
import Logging
import PetSpotDomain
import SQLiteNIO

/// Accounts on SQLite.
extension SQLiteStore {
    public func create(_ user: User) async throws {
        let created = Timestamp.string(user.createdAt)
        try await write(conflictField: "email") { connection in
            try await connection.query(
                "INSERT INTO \"user\" (id, email, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
                [.text(user.id), .text(user.email), .text(user.passwordHash), .text(created), .text(created)]
            ) { _ in }
        }
    }

    public func find(email: String) async throws -> User? {
        guard let row = try await read("SELECT * FROM \"user\" WHERE email = ?", [.text(email)]).first else { return nil }
        return User(
            id: row.column("id")?.string ?? "", email: row.column("email")?.string ?? "",
            passwordHash: row.column("password_hash")?.string ?? "",
            createdAt: row.column("created_at")?.string.flatMap(StoredDate.date) ?? Date(timeIntervalSince1970: 0))
    }
}
