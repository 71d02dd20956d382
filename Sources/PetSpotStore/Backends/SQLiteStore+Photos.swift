import Foundation
import Logging
import NIOCore
import NIOPosix
import PetSpotDomain
import SQLiteNIO

/// Reports' photos: setting one, finding the file a URL names, and removing a report with its file.
extension SQLiteStore {
    public func setPhoto(_ id: AnnouncementID, url: String, file: String, at now: Date, outbox: [OutboxEntry]) async throws -> String? {
        try await transaction { connection in
            let found = try await self.rows("SELECT photo_url, photo_file FROM announcement WHERE id = ?", [.text(id.rawValue)], on: connection)
            guard let row = found.first else { throw StoreError.notFound }
            try await connection.query(
                "UPDATE announcement SET photo_url = ?, photo_file = ?, updated_at = ? WHERE id = ?",
                [.text(url), .text(file), .text(Timestamp.string(now)), .text(id.rawValue)]
            ) { _ in }
            try await Self.enqueue(outbox, on: connection)
            return StoredPhoto.file(stored: row.column("photo_file")?.string, url: row.column("photo_url")?.string)
        }
    }

    public func photoFile(of id: AnnouncementID, url: String, includeModerated: Bool) async throws -> String? {
        let found = try await read(
            "SELECT photo_file FROM announcement WHERE id = ? AND photo_url = ? AND (? OR moderation IS NULL)",
            [.text(id.rawValue), .text(url), .integer(includeModerated ? 1 : 0)])
        guard let row = found.first else { return nil }
        return StoredPhoto.file(stored: row.column("photo_file")?.string, url: url)
    }

    public func namedPhotoFiles() async throws -> [String] {
        try await read(
            """
            SELECT photo_file, photo_url FROM announcement WHERE photo_url LIKE '/images/%'
            UNION ALL SELECT photo_file, photo_url FROM sighting WHERE photo_file IS NOT NULL
            """, []
        ).compactMap { StoredPhoto.file(stored: $0.column("photo_file")?.string, url: $0.column("photo_url")?.string) }
    }

    public func delete(_ id: AnnouncementID) async throws -> (announcement: Announcement, photoFile: String?) {
        try await transaction { connection in
            guard let row = try await self.rows("SELECT * FROM announcement WHERE id = ?", [.text(id.rawValue)], on: connection).first else {
                throw StoreError.notFound
            }
            try await connection.query("DELETE FROM announcement WHERE id = ?", [.text(id.rawValue)]) { _ in }
            let announcement = try Self.announcement(from: row)
            return (announcement, StoredPhoto.file(stored: row.column("photo_file")?.string, url: announcement.photoURL))
        }
    }
}
