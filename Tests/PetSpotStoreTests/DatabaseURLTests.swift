import Foundation
import PetSpotDomain
import PetSpotStore
import Testing

/// `DATABASE_URL` is parsed strictly, and the password never shows in what is logged or thrown.
@Suite struct DatabaseURLTests {
    @Test func parsesEveryPartAndDefaults() throws {
        let url = try DatabaseURL("postgres://pet%40spot:s3cr%2Ft@db.example.com:6543/petspot_prod?sslmode=require")
        #expect(
            url
                == DatabaseURL(
                    host: "db.example.com", port: 6543, username: "pet@spot", password: "s3cr/t",
                    database: "petspot_prod", tls: .require))
        let plain = try DatabaseURL("postgresql://petspot@localhost/petspot")
        #expect(plain == DatabaseURL(host: "localhost", port: 5432, username: "petspot", password: nil, database: "petspot", tls: .prefer))
    }

    @Test(arguments: [
        ("mysql://u:p@h/db", DatabaseURLError.scheme),
        ("localhost:5432/db", .scheme),
        ("postgres://u:p@/db", .missing("host")),
        ("postgres://h:5432/db", .missing("user name")),
        ("postgres://u:p@h:5432", .missing("database name")),
        ("postgres://u:p@h:5432/", .missing("database name")),
        ("postgres://u:p@h:5432/a/b", .missing("database name")),
        ("postgres://u:p@h:0/db", .port),
        ("postgres://u:p@h/db?sslmode=verify-full", .sslmode("verify-full")),
        ("postgres://u:p@h/db?timeout=3", .unknownParameter("timeout")),
        ("postgres://u:p@h:port/db", .malformed),
    ])
    func refusesBadURLsWithAClearReason(_ text: String, _ expected: DatabaseURLError) {
        #expect(throws: expected) { try DatabaseURL(text) }
    }

    @Test func descriptionAndErrorsNeverShowThePassword() throws {
        let url = try DatabaseURL("postgres://petspot:hunter2secret@127.0.0.1:55432/petspot")
        #expect(url.description == "postgres://petspot:***@127.0.0.1:55432/petspot?sslmode=prefer")
        #expect(!"\(url)".contains("hunter2secret"))
        do {
            _ = try DatabaseURL("postgres://petspot:hunter2secret@127.0.0.1:55432")
            Issue.record("a URL without a database was accepted")
        } catch {
            #expect(!"\(error)".contains("hunter2secret"))
        }
    }
}

/// With the database gone, a query is `StoreError.unavailable` (503) once no connection
/// comes within the lease deadline, not a wait of a minute that ends in a 500.
@Suite struct DatabaseOutageTests {
    @Test func aDatabaseThatIsGoneIsUnavailableNotAHang() async throws {
        // Port 1 on loopback: nothing listens, every connection attempt is refused.
        let store = PostgresStore(url: try DatabaseURL("postgres://petspot:secret@127.0.0.1:1/petspot?sslmode=disable"))
        let outcome: (any Error)? = await withTaskGroup(of: (any Error)?.self) { group -> (any Error)? in
            group.addTask {
                await store.pools.run(); return nil
            }
            defer { group.cancelAll() }
            do {
                _ = try await store.find(AnnouncementID("any"))
                return nil
            } catch {
                return error
            }
        }
        #expect(outcome as? StoreError == .unavailable, "\(String(describing: outcome))")
    }
}
