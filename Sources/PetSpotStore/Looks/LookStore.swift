import Foundation
import PetSpotDomain

/// A photo whose look is to be made: a report's or a sighting's, by the file it is kept in.
public struct LookSubject: Sendable, Hashable {
    public enum Kind: String, Sendable { case report, sighting }
    public let kind: Kind
    public let id: String
    public let file: String

    public init(kind: Kind, id: String, file: String) {
        self.kind = kind
        self.id = id
        self.file = file
    }
}

/// The looks of photos (`PhotoLook`): made after a photo is stored, by the looks job, and read by search by
/// photo. A report's new photo and a sighting's photo are queued by the database itself (triggers), in the
/// transaction that stores them, so no photo is forgotten when a server stops before its look is made; a
/// report's or sighting's deletion takes its look and its queued photo with it.
public protocol LookStore: Sendable {
    /// Up to `limit` queued photos, the longest waiting first.
    func queuedLooks(limit: Int) async throws -> [LookSubject]
    /// How many photos wait for their look.
    func queuedLookCount() async throws -> Int
    /// Keeps the look made from `subject`'s photo and takes that photo off the queue; a nil look is kept as
    /// "cannot be compared" (a photo type no decoder reads), so it is not tried again. When the report shows
    /// another photo by now, nothing is kept: that photo waits in the queue for its own look. `outbox` (the
    /// report's match scan, now that its photo can be compared) is queued in the same transaction, only when
    /// a look is kept.
    func saveLook(_ look: PhotoLook?, of subject: LookSubject, outbox: [OutboxEntry]) async throws
    /// The looks of these reports' current photos, for those that have one.
    func looks(ofReports ids: [AnnouncementID]) async throws -> [AnnouncementID: PhotoLook]
    /// What search by photo compares: of the newest `query.limit` reports the list's `query` finds (its place,
    /// kinds, species, since when; not its words), those whose current photo has a look, newest first, with it.
    func lookCandidates(_ query: AnnouncementQuery) async throws -> [(id: AnnouncementID, look: PhotoLook)]
}

extension LookStore where Self: AnnouncementStore {
    /// What a store without a statement of its own for it does: `listedLookCandidates`.
    public func lookCandidates(_ query: AnnouncementQuery) async throws -> [(id: AnnouncementID, look: PhotoLook)] {
        try await listedLookCandidates(query)
    }

    /// `lookCandidates` as the list (whole reports), then their looks: the same answer in two reads.
    public func listedLookCandidates(_ query: AnnouncementQuery) async throws -> [(id: AnnouncementID, look: PhotoLook)] {
        var listed = query
        listed.search = nil
        let reports = try await list(listed)
        let looks = try await looks(ofReports: reports.map(\.id))
        return reports.compactMap { report in looks[report.id].map { (report.id, $0) } }
    }

    /// Search by photo, as the server and its benchmark run it: the reports of `area` whose photo looks most
    /// like `look`, most alike first, at most `limit`, from the area's newest `candidates` with a photo; and
    /// how many were compared.
    /// `listed` reads the candidates as `listedLookCandidates` does (the benchmark's baseline).
    public func lookAlikes(
        of look: PhotoLook, in area: AnnouncementQuery, candidates: Int, limit: Int, listed: Bool = false
    ) async throws -> (found: [(report: Announcement, likeness: Double)], compared: Int) {
        var query = area
        query.withPhotoOnly = true
        query.limit = candidates
        let compared = try await listed ? listedLookCandidates(query) : lookCandidates(query)
        let ranked = LookAlikeRanking.rank(look, candidates: compared, limit: limit)
        let likeness = Dictionary(ranked.map { ($0.id, $0.likeness) }, uniquingKeysWith: { first, _ in first })
        // A report deleted between the two reads is left out.
        let found = try await find(ranked.map(\.id)).compactMap { report in likeness[report.id].map { (report, $0) } }
        return (found, compared.count)
    }

    /// Other reports among the newest `recent` with a photo (anywhere, of any kind, moderated ones too) whose
    /// photo looks like the same photo as `id`'s (`Likeness.samePhotoFrom`), most alike first.
    public func samePhoto(as id: AnnouncementID, among recent: Int = 2000) async throws -> [AnnouncementID] {
        guard let look = try await looks(ofReports: [id])[id] else { return [] }
        var query = AnnouncementQuery(statuses: Set(AnnouncementStatus.allCases), withPhotoOnly: true, limit: recent)
        query.includeModerated = true
        let others = try await lookCandidates(query).filter { $0.id != id }
        return LookAlikeRanking.rank(look, candidates: others, limit: others.count).prefix { $0.likeness >= Likeness.samePhotoFrom }.map(\.id)
    }
}

enum LookSchema {
    /// Each statement may run again (a database restored from an older copy of its migrations' table).
    static func tables(real: String, blob: String) -> [String] {
        [
            "CREATE TABLE IF NOT EXISTS look_queue (kind TEXT NOT NULL, id TEXT NOT NULL, file TEXT NOT NULL, queued_at \(real) NOT NULL, PRIMARY KEY (kind, id))",
            "CREATE INDEX IF NOT EXISTS look_queue_age ON look_queue(queued_at)",
            "CREATE TABLE IF NOT EXISTS photo_look (kind TEXT NOT NULL, id TEXT NOT NULL, file TEXT NOT NULL, look \(blob), PRIMARY KEY (kind, id))",
        ]
    }

    static let sqliteNow = "((julianday('now') - 2440587.5) * 86400.0)"

    static let sqlite =
        tables(real: "REAL", blob: "BLOB") + [
            """
            CREATE TRIGGER IF NOT EXISTS announcement_photo_queued AFTER UPDATE OF photo_file ON announcement
            WHEN new.photo_file IS NOT NULL AND new.photo_file IS NOT old.photo_file BEGIN
                INSERT OR REPLACE INTO look_queue (kind, id, file, queued_at) VALUES ('report', new.id, new.photo_file, \(sqliteNow));
            END
            """,
            """
            CREATE TRIGGER IF NOT EXISTS sighting_photo_queued AFTER INSERT ON sighting WHEN new.photo_file IS NOT NULL BEGIN
                INSERT OR REPLACE INTO look_queue (kind, id, file, queued_at) VALUES ('sighting', new.id, new.photo_file, \(sqliteNow));
            END
            """,
            """
            CREATE TRIGGER IF NOT EXISTS announcement_look_delete AFTER DELETE ON announcement BEGIN
                DELETE FROM look_queue WHERE kind = 'report' AND id = old.id;
                DELETE FROM photo_look WHERE kind = 'report' AND id = old.id;
            END
            """,
            """
            CREATE TRIGGER IF NOT EXISTS sighting_look_delete AFTER DELETE ON sighting BEGIN
                DELETE FROM look_queue WHERE kind = 'sighting' AND id = old.id;
                DELETE FROM photo_look WHERE kind = 'sighting' AND id = old.id;
            END
            """,
            backfill(now: sqliteNow),
        ]

    static let postgres =
        tables(real: "DOUBLE PRECISION", blob: "BYTEA") + [
            """
            CREATE OR REPLACE FUNCTION petspot_look_queued() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP = 'DELETE' THEN
                    DELETE FROM look_queue WHERE kind = TG_ARGV[0] AND id = old.id;
                    DELETE FROM photo_look WHERE kind = TG_ARGV[0] AND id = old.id;
                    RETURN NULL;
                END IF;
                IF new.photo_file IS NOT NULL AND (TG_OP = 'INSERT' OR new.photo_file IS DISTINCT FROM old.photo_file) THEN
                    INSERT INTO look_queue (kind, id, file, queued_at) VALUES (TG_ARGV[0], new.id, new.photo_file, extract(epoch FROM clock_timestamp()))
                    ON CONFLICT (kind, id) DO UPDATE SET file = excluded.file, queued_at = excluded.queued_at;
                END IF;
                RETURN NULL;
            END $$
            """,
            """
            CREATE OR REPLACE TRIGGER announcement_look AFTER UPDATE OF photo_file OR DELETE ON announcement
            FOR EACH ROW EXECUTE FUNCTION petspot_look_queued('report')
            """,
            """
            CREATE OR REPLACE TRIGGER sighting_look AFTER INSERT OR DELETE ON sighting
            FOR EACH ROW EXECUTE FUNCTION petspot_look_queued('sighting')
            """,
            backfill(now: "extract(epoch FROM clock_timestamp())"),
        ]

    /// A report's id compared as the report's own (`COLLATE "C"`): with the database's default collation
    /// PostgreSQL could not use the looks' index for `id = a.id`, and read every look to find a page's 2,000.
    static let postgresCollation = [
        "ALTER TABLE photo_look ALTER COLUMN id TYPE TEXT COLLATE \"C\"",
        "ALTER TABLE look_queue ALTER COLUMN id TYPE TEXT COLLATE \"C\"",
    ]

    /// The photos stored before looks existed.
    static func backfill(now: String) -> String {
        """
        INSERT INTO look_queue (kind, id, file, queued_at)
        SELECT 'report', id, photo_file, \(now) FROM announcement WHERE photo_file IS NOT NULL
        UNION ALL SELECT 'sighting', id, photo_file, \(now) FROM sighting WHERE photo_file IS NOT NULL
        ON CONFLICT (kind, id) DO NOTHING
        """
    }
}
