import Foundation
import Logging
import PetSpotDomain
import SQLiteNIO

/// Reads, writes and transactions on the single writer and the lent readers; rows into announcements.
extension SQLiteStore {
    // MARK: - Plumbing

    /// Runs `body` on a pool thread with a reader connection lent to it alone (see `ConnectionCheckout`).
    func withReader<T: Sendable>(_ body: @escaping @Sendable (SQLiteReadConnection) throws -> T) async throws -> T {
        try await readers.withConnection { try await $0.run(body) }
    }

    /// The rows of one statement on a reader.
    func read(_ sql: String, _ binds: [SQLiteData]) async throws -> [StoredRow] {
        try await withReader { try $0.rows(sql, binds) }
    }

    /// The reports one statement reads, each decoded straight from its row.
    func readAnnouncements(_ sql: String, _ binds: [SQLiteData]) async throws -> [Announcement] {
        try await withReader { connection in
            var found: [Announcement] = []
            try connection.each(sql, binds) {
                found.append(try Self.announcement(from: $0)); return true
            }
            return found
        }
    }

    func execute(_ sql: String) async throws {
        try await write { try await $0.query(sql, []) { _ in } }
    }

    /// One statement on the writer; a UNIQUE violation becomes `.conflict(conflictField)`.
    func write(conflictField: String? = nil, _ body: @Sendable (SQLiteConnection) async throws -> Void) async throws {
        try await Self.mappingConflict(to: conflictField) { try await writerTurns.withConnection { try await body($0) } }
    }

    /// Runs `body` in one IMMEDIATE transaction on the writer; any error rolls it back. A UNIQUE
    /// violation becomes `.conflict(conflictField)` when one is named.
    func transaction<T: Sendable>(conflictField: String? = nil, _ body: @Sendable (SQLiteConnection) async throws -> T) async throws -> T {
        try await Self.mappingConflict(to: conflictField) { try await uncheckedTransaction(body) }
    }

    private static func mappingConflict<T>(to field: String?, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as SQLiteError where [.constraintUniqueFailed, .constraintPrimaryKeyFailed].contains(error.reason) && field != nil {
            throw StoreError.conflict(field: field!)
        } catch let error as SQLiteError where error.reason == .full {
            throw StoreError.full
        }
    }

    func uncheckedTransaction<T: Sendable>(_ body: @Sendable (SQLiteConnection) async throws -> T) async throws -> T {
        try await writerTurns.withConnection { writer in
            try await writer.query("BEGIN IMMEDIATE", []) { _ in }
            do {
                let result = try await body(writer)
                try await writer.query("COMMIT", []) { _ in }
                return result
            } catch {
                // In a task of its own: a cancelled caller must not leave the writer inside the transaction.
                _ = await Task { try? await writer.query("ROLLBACK", []) { _ in } }.value
                throw error
            }
        }
    }

    func rows(_ sql: String, _ binds: [SQLiteData], on connection: SQLiteConnection) async throws -> [SQLiteRow] {
        let collected = LockedBox<[SQLiteRow]>([])
        try await connection.query(sql, binds) { row in collected.mutate { $0.append(row) } }
        return collected.mutate { $0 }
    }

    static func announcement(from row: some SQLiteColumns) throws -> Announcement {
        func text(_ column: ReportColumn) -> String? { row.column(column)?.string }
        let epoch = Date(timeIntervalSince1970: 0)
        var announcement = Announcement(
            id: AnnouncementID(text(.id) ?? ""), species: text(.species) ?? "", sex: text(.sex) ?? "",
            age: row.column(.age)?.integer.map { Int($0) }, microchipNumber: text(.microchipNumber),
            location: Coordinate(latitude: row.column(.latitude)?.double ?? 0, longitude: row.column(.longitude)?.double ?? 0),
            lastSeenDate: text(.lastSeenDate) ?? "", email: text(.email), phone: text(.phone),
            photoURL: text(.photoURL), status: AnnouncementStatus(rawValue: text(.status) ?? "") ?? .missing,
            reward: text(.reward), createdAt: text(.createdAt).flatMap(StoredDate.date) ?? epoch,
            updatedAt: text(.updatedAt).flatMap(StoredDate.date) ?? epoch, language: text(.language) ?? "en",
            contactRelayed: row.column(.contactRelayed)?.integer == 1)
        for (index, field) in PetText.allCases.enumerated() { announcement.pet[keyPath: field.keyPath] = row.text(index) }
        announcement.placeName = text(.placeName)
        if let moderation = text(.moderation) {
            announcement.moderation = ModerationState(rawValue: moderation) ?? .hidden
            announcement.duplicateOf = text(.duplicateOf).map { AnnouncementID($0) }
        }
        return announcement
    }
}

extension [AnnouncementID] {
    /// The ids as one JSON array, for `json_each(?)`: one short statement whatever the count (parsing a
    /// statement of 500 `?`s cost more than reading the rows it asked for).
    var jsonArray: String {
        String(decoding: (try? JSONEncoder().encode(map(\.rawValue))) ?? Data("[]".utf8), as: UTF8.self)
    }
}
