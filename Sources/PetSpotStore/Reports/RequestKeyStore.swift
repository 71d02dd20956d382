import Foundation
import PetSpotDomain
import PostgresNIO
import SQLiteNIO

/// A create request's idempotency key, as kept: the key's hash and the request's fingerprint (a hash of
/// its body), so a retry files nothing twice and a different request under the same key is told apart.
public struct RequestKey: Sendable, Equatable {
    public var key: String
    public var fingerprint: String
    public var at: Date

    public init(key: String, fingerprint: String, at: Date) {
        self.key = key
        self.fingerprint = fingerprint
        self.at = at
    }

    /// How long a key is remembered: a retry comes within hours, not days.
    public static let lifetime: TimeInterval = 86_400

    /// The report filed under a key before, and the fingerprint of the request that filed it.
    public struct Earlier: Sendable, Equatable {
        public var reportID: AnnouncementID
        public var fingerprint: String

        public init(reportID: AnnouncementID, fingerprint: String) {
            self.reportID = reportID
            self.fingerprint = fingerprint
        }
    }
}

/// Reports filed under an idempotency key.
public protocol RequestKeyStore: Sendable {
    /// Files the report as `AnnouncementStore.create` does, unless a report was filed under `key.key` in the
    /// last `RequestKey.lifetime`: then nothing is written and the earlier one is answered. One
    /// transaction, so two concurrent requests under one key file one report.
    func create(_ announcement: Announcement, privateDetails: PrivateDetails?, passwordHash: String, outbox: [OutboxEntry], key: RequestKey)
        async throws -> RequestKey.Earlier?
    /// The report filed under `key` at or after `since`.
    func report(filedUnder key: String, since: Date) async throws -> RequestKey.Earlier?
}

enum RequestKeySchema {
    static func statements(real: String, idType: String) -> [String] {
        [
            "CREATE TABLE report_request (key TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, report_id \(idType) NOT NULL, at \(real) NOT NULL)",
            "CREATE INDEX report_request_at ON report_request(at)",
        ]
    }
}

extension SQLiteStore {
    public func create(
        _ announcement: Announcement, privateDetails: PrivateDetails?, passwordHash: String, outbox: [OutboxEntry], key: RequestKey
    ) async throws -> RequestKey.Earlier? {
        let binds = Self.insertBinds(announcement, passwordHash: passwordHash)
        let details = privateDetails ?? PrivateDetails(reportedAs: announcement.status)
        let since = key.at.addingTimeInterval(-RequestKey.lifetime).timeIntervalSince1970
        return try await transaction(conflictField: "microchipNumber") { connection in
            try await connection.query("DELETE FROM report_request WHERE at < ?", [.float(since)]) { _ in }
            if let earlier = try await self.earlier(key.key, on: connection) { return earlier }
            try await connection.query(
                "INSERT INTO report_request (key, fingerprint, report_id, at) VALUES (?, ?, ?, ?)",
                [.text(key.key), .text(key.fingerprint), .text(announcement.id.rawValue), .float(key.at.timeIntervalSince1970)]
            ) { _ in }
            try await Self.insert(announcement, binds: binds, details: details, outbox: outbox, on: connection)
            return nil
        }
    }

    public func report(filedUnder key: String, since: Date) async throws -> RequestKey.Earlier? {
        try await read("SELECT report_id, fingerprint FROM report_request WHERE key = ? AND at >= ?", [.text(key), .float(since.timeIntervalSince1970)])
            .first.flatMap { row in
                guard let id = row.column("report_id")?.string, let fingerprint = row.column("fingerprint")?.string else { return nil }
                return RequestKey.Earlier(reportID: AnnouncementID(id), fingerprint: fingerprint)
            }
    }

    private func earlier(_ key: String, on connection: SQLiteConnection) async throws -> RequestKey.Earlier? {
        try await rows("SELECT report_id, fingerprint FROM report_request WHERE key = ?", [.text(key)], on: connection).first.flatMap { row in
            guard let id = row.column("report_id")?.string, let fingerprint = row.column("fingerprint")?.string else { return nil }
            return RequestKey.Earlier(reportID: AnnouncementID(id), fingerprint: fingerprint)
        }
    }
}

extension PostgresStore {
    public func create(
        _ announcement: Announcement, privateDetails: PrivateDetails?, passwordHash: String, outbox: [OutboxEntry], key: RequestKey
    ) async throws -> RequestKey.Earlier? {
        let query = Self.insert([announcement], passwordHash: passwordHash)
        let details = Self.insertPrivate(announcement.id, privateDetails ?? PrivateDetails(reportedAs: announcement.status))
        let since = key.at.addingTimeInterval(-RequestKey.lifetime).timeIntervalSince1970, at = key.at.timeIntervalSince1970
        let logger = logger
        return try await conflicting("microchipNumber") {
            try await transaction { connection in
                try await connection.query("DELETE FROM report_request WHERE at < \(since)", logger: logger)
                let claimed = try await connection.query(
                    """
                    INSERT INTO report_request (key, fingerprint, report_id, at) VALUES (\(key.key), \(key.fingerprint), \(announcement.id.rawValue), \(at))
                    ON CONFLICT (key) DO NOTHING RETURNING key
                    """, logger: logger
                ).collect()
                if claimed.isEmpty {
                    let row = try await connection.query("SELECT report_id, fingerprint FROM report_request WHERE key = \(key.key)", logger: logger)
                        .collect().first
                    guard let (id, fingerprint) = try row?.decode((String, String).self) else { throw StoreError.conflict(field: "idempotencyKey") }
                    return RequestKey.Earlier(reportID: AnnouncementID(id), fingerprint: fingerprint)
                }
                try await connection.query(query, logger: logger)
                try await connection.query(details, logger: logger)
                try await Self.remember([announcement], on: connection, logger: logger)
                try await Self.enqueue(outbox, on: connection, logger: logger)
                return nil
            }
        }
    }

    public func report(filedUnder key: String, since: Date) async throws -> RequestKey.Earlier? {
        try await rows("SELECT report_id, fingerprint FROM report_request WHERE key = \(key) AND at >= \(since.timeIntervalSince1970)").first
            .map { row in
                let (id, fingerprint) = try row.decode((String, String).self)
                return RequestKey.Earlier(reportID: AnnouncementID(id), fingerprint: fingerprint)
            }
    }
}

extension InMemoryStore {
    public func create(
        _ announcement: Announcement, privateDetails: PrivateDetails?, passwordHash: String, outbox: [OutboxEntry], key: RequestKey
    ) throws -> RequestKey.Earlier? {
        if let earlier = report(filedUnder: key.key, since: key.at.addingTimeInterval(-RequestKey.lifetime)) { return earlier }
        try create(announcement, privateDetails: privateDetails, passwordHash: passwordHash, outbox: outbox)
        requestKeys[key.key] = (RequestKey.Earlier(reportID: announcement.id, fingerprint: key.fingerprint), key.at)
        return nil
    }

    public func report(filedUnder key: String, since: Date) -> RequestKey.Earlier? {
        requestKeys[key].flatMap { $0.at >= since ? $0.earlier : nil }
    }
}
