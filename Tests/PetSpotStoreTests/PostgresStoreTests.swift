import Foundation
import PetSpotDomain
@testable import PetSpotStore
import PetSpotTestSupport
import PostgresNIO
import Testing

/// What only the PostgreSQL backend has: its geo-and-time index, and migrations that instances starting together
/// can run at once. Needs `PETSPOT_TEST_DATABASE_URL`; without it these tests are reported as skipped.
@Suite(.enabled(if: ScratchDatabase.isAvailable, "needs PETSPOT_TEST_DATABASE_URL"))
struct PostgresStoreTests {
    static func withStore(_ body: (PostgresStore) async throws -> Void) async throws {
        try await ScratchDatabase.with { url in
            try await PostgresStore.withStore(
                url: url, maximumConnections: ScratchDatabase.maximumConnections,
                logger: ScratchDatabase.logger, body)
        }
    }

    /// The plan PostgreSQL chooses for a nearby list query, one line a row.
    static func plan(of query: AnnouncementQuery, in store: PostgresStore) async throws -> String {
        let statement = PostgresNearbyQuery(query: query, nearby: try #require(query.nearby))
        let rows = try await store.rows(PostgresQuery(unsafeSQL: "EXPLAIN " + PostgresNearbyQuery.sql, binds: try statement.makeBindings()))
        return try rows.map { try $0.decode(String.self) }.joined(separator: "\n")
    }

    @Test func nearbySearchUsesTheGeoTimeIndexNotATableScan() async throws {
        try await Self.withStore { store in
            _ = try await store.rows(
                """
                INSERT INTO announcement (id, species, sex, location_latitude, location_longitude, last_seen_date, status,
                                          photo_url, management_password_hash, created_at, updated_at)
                SELECT md5(g::text), 'DOG', 'MALE', -80 + random() * 160, -180 + random() * 360, '2025-11-10', 'MISSING',
                       '/images/p.png', 'h', '2025-11-10T00:00:00.000Z', '2025-11-10T00:00:00.000Z'
                FROM generate_series(1, 4000) g
                """)
            _ = try await store.rows("ANALYZE announcement")
            for center in [Coordinate(latitude: 51.1, longitude: 17.0), Coordinate(latitude: 0, longitude: 179.99)] {
                let plan = try await Self.plan(of: AnnouncementQuery(nearby: .init(center: center, radiusKm: 25), limit: 20), in: store)
                #expect(plan.contains("Index Scan on announcement_geo_time"), "\(plan)")
                #expect(!plan.contains("Seq Scan"), "\(plan)")
            }
        }
    }

    @Test func instancesStartingTogetherMigrateOnce() async throws {
        try await ScratchDatabase.with { url in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        try await PostgresStore.withStore(url: url, maximumConnections: 1, logger: ScratchDatabase.logger) { _ in }
                    }
                }
                try await group.waitForAll()
            }
            try await PostgresStore.withStore(url: url, maximumConnections: 1, logger: ScratchDatabase.logger) { store in
                let versions = try await store.rows("SELECT version::int8 FROM schema_migration ORDER BY version")
                #expect(try versions.map { try $0.decode(Int.self) } == Array(1...PostgresMigrations.all.count))
            }
        }
    }

    @Test func bulkLoadedReportsAreFoundAlikeByTheIndexAndByTheFullScan() async throws {
        try await Self.withStore { store in
            let reports = Announcement.scattered(2500, seed: 7)
            try await store.bulkLoad(reports, passwordHash: "h")
            try await store.analyze()
            #expect(try await store.count() == reports.count)
            for radius in [1.0, 5, 10, 50] {
                let query = AnnouncementQuery(nearby: .init(center: Coordinate(latitude: 51.1, longitude: 17.0), radiusKm: radius), limit: 50)
                let indexed = try await store.list(query).map(\.id), scanned = try await store.fullScanList(query).map(\.id)
                let expected = Array(reports.filter(query.matches).sorted { $0.createdAt > $1.createdAt }.map(\.id).prefix(50))
                #expect(indexed == expected && scanned == expected, "radius \(radius)")
            }
        }
    }
}
