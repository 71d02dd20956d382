import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PetSpotAPI
import PetSpotDomain
@testable import PetSpotServer
import PetSpotStore
import PetSpotTestSupport
import Testing

/// The lock-out under parallel guessing, read-your-writes under load, files that follow the
/// database, limits that cannot be turned on others, and the smaller holes.
@Suite struct TrustTests {
    /// 100 guesses at once, the right code hidden among them: at most 10 codes are ever checked.
    @Test func parallelGuessesGetNoMoreChecksThanTheBudget() async throws {
        try await TestApp.run { client, _ throws in
            let (id, password) = try await client.createAnnouncement()
            let path = APIPath.announcement(AnnouncementID(id))
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for attempt in 0..<100 {
                    let code = attempt == 40 ? password : String(100_000 + attempt)
                    group.addTask { try await client.send(.patch, path, json: "{}", headers: [.authorization: Basic.header(id, code)]).status.code }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            let wrong = statuses.filter { $0 == 403 }.count, right = statuses.filter { $0 == 200 }.count
            #expect(wrong <= 10 && wrong + right <= 11, "checked \(wrong) wrong and \(right) right codes")
            #expect(statuses.filter { $0 == 429 }.count >= 89)
            #expect(Set(statuses).isSubset(of: [200, 403, 429]))
        }
    }

    /// Creates, reads and uploads in parallel while lists run: a report that answered 201 is always found.
    @Test func aCreatedReportIsReadableAndUploadableAtOnceUnderLoad() async throws {
        let fixtures: @Sendable (any PetSpotStorage) async throws -> Void = { store in
            try await (store as! any BulkLoading).bulkLoad(
                (0..<3_000).map { index in
                    var report = Fixture.located(UUID().uuidString.lowercased(), 52 + Double(index % 100) / 100, 21 + Double(index / 100) / 100)
                    report.createdAt = Fixture.created + Double(index)
                    report.updatedAt = report.createdAt
                    return report
                }, passwordHash: "unused")
        }
        try await TestApp.run(fixtures: fixtures) { client, _ throws in
            let lost = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        for _ in 0..<25 {
                            _ = try await client.send(.get, "\(APIPath.announcements)?limit=1000")
                            _ = try await client.send(.get, "\(APIPath.announcements)?lat=52.4&lng=21.2&range=50&limit=1000")
                        }
                        return 0
                    }
                }
                for _ in 0..<4 {
                    group.addTask {
                        var missing = 0
                        for _ in 0..<10 {
                            let (id, password) = try await client.createAnnouncement()
                            if try await client.send(.get, APIPath.announcement(AnnouncementID(id))).status != .ok { missing += 1 }
                            if try await client.uploadPhoto(id, password: password, bytes: Fixture.png).status != .created { missing += 1 }
                        }
                        return missing
                    }
                }
                return try await group.reduce(0, +)
            }
            #expect(lost == 0)
        }
    }

    /// A replaced photo is served in place of the old one; a file no row names is never served, nor a
    /// deleted report's photo; a NUL in the path is refused.
    @Test func onlyThePhotoTheRowNamesIsServed() async throws {
        try await TestApp.run { client, directory throws in
            let (id, password) = try await client.createAnnouncement()
            let images = directory.appendingPathComponent("images")
            let orphan = images.appendingPathComponent("\(id).jpeg")
            try Data(Fixture.jpeg).write(to: orphan)
            #expect(try await client.send(.get, "/images/\(id).jpeg").status == .notFound)
            #expect(try await client.uploadPhoto(id, password: password, bytes: Fixture.png).status == .created)
            let first = try await client.send(.get, "/images/\(id).png")
            #expect(first.status == .ok && first.headers[.contentType] == "image/png" && Array(buffer: first.body) == Fixture.png)
            #expect(first.headers[.lastModified]?.hasSuffix(" GMT") == true && first.headers[.lastModified]?.count == 29)
            let second = Fixture.png + [1, 2, 3]
            #expect(try await client.uploadPhoto(id, password: password, bytes: second).status == .created)
            let replaced = try await client.send(.get, "/images/\(id).png")
            #expect(Array(buffer: replaced.body) == second && replaced.headers[.eTag] != first.headers[.eTag])
            #expect(try await client.send(.get, "/images/\(id).png%00.jpg").status == .badRequest)
            #expect(try await client.send(.get, "/images/\(id).jpeg").status == .notFound)
            let stored = try FileManager.default.contentsOfDirectory(atPath: images.path).filter { $0.hasSuffix(".png") }
            #expect(stored.count == 1, "the first photo's file is gone: \(stored)")
            _ = try await client.send(.delete, APIPath.announcement(AnnouncementID(id)), headers: [.authorization: Basic.header(id, password)])
            #expect(try await client.send(.get, "/images/\(id).png").status == .notFound)
            #expect(try FileManager.default.contentsOfDirectory(atPath: images.path).filter { $0.hasSuffix(".png") }.isEmpty)
        }
    }

    /// A start sweeps the temporary folders of instances that are gone, and keeps its own.
    @Test func aStartSweepsWhatACrashLeftInTmp() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-sweep-\(UUID().uuidString)")
        let tmp = directory.appendingPathComponent("tmp")
        let dead = tmp.appendingPathComponent("instance-dead")
        try FileManager.default.createDirectory(at: dead, withIntermediateDirectories: true)
        try Data("half".utf8).write(to: dead.appendingPathComponent("upload-1"))
        try Data().write(to: tmp.appendingPathComponent("instance-dead.lock"))
        try Data("older layout".utf8).write(to: tmp.appendingPathComponent("upload-2"))
        defer { try? FileManager.default.removeItem(at: directory) }
        try await TestApp.run(on: .sqlite, dataDirectory: directory) { client, _ throws in
            let left = try FileManager.default.contentsOfDirectory(atPath: tmp.path).sorted()
            #expect(left.count == 2 && left.allSatisfy { $0.hasPrefix("instance-") && !$0.hasPrefix("instance-dead") }, "\(left)")
        }
    }

    @Test func trustedProxiesNameTheClientAndNobodyElseCan() throws {
        let proxies = try TrustedProxies("10.0.0.0/8, ::1")
        #expect(proxies.client(peer: "10.1.2.3", forwardedFor: ["6.6.6.6, 1.2.3.4"]) == "1.2.3.4")
        #expect(proxies.client(peer: "10.1.2.3", forwardedFor: ["1.2.3.4", "10.9.9.9"]) == "1.2.3.4")
        #expect(proxies.client(peer: "::1", forwardedFor: ["2001:db8::1"]) == "2001:db8::1")
        #expect(proxies.client(peer: "5.5.5.5", forwardedFor: ["1.2.3.4"]) == "5.5.5.5")
        #expect(proxies.client(peer: "10.1.2.3", forwardedFor: ["not an address"]) == "10.1.2.3")
        #expect(TrustedProxies.none.client(peer: "10.1.2.3", forwardedFor: ["1.2.3.4"]) == "10.1.2.3")
        #expect(throws: ConfigurationError.self) { try TrustedProxies("10.0.0.0/33") }
        #expect(throws: ConfigurationError.self) { try TrustedProxies("proxy.example") }
    }

    @Test func adminTokensAreLongAndTheirGuessesLimited() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-admin-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        await #expect(throws: ConfigurationError.self) {
            _ = try await buildApplication(ServerConfiguration(dataDirectory: directory, adminToken: "fifteen-letters"), logger: quietLogger)
        }
        try await TestApp.run(fixtures: AnnouncementAPITests.seed([Fixture.azor])) { client, _ throws in
            let path = "\(APIPath.adminAnnouncements)/\(Fixture.azorID)"
            var statuses: [Int] = []
            for attempt in 0..<11 {
                statuses.append(try await client.send(.delete, path, headers: [.authorization: "Bearer wrong-\(attempt)"]).status.code)
            }
            #expect(statuses.prefix(10).allSatisfy { $0 == 401 } && statuses.last == 429)
            #expect(try await client.send(.delete, path, headers: [.authorization: "Bearer \(TestApp.adminToken)"]).status == .tooManyRequests)
        }
        // The old backend's token, set by an operator, works as its tests send it: the whole header.
        try await TestApp.run(adminToken: "tajnehasloadmina", fixtures: AnnouncementAPITests.seed([Fixture.azor])) { client, _ throws in
            let path = "\(APIPath.adminAnnouncements)/\(Fixture.azorID)"
            #expect(try await client.send(.delete, path, headers: [.authorization: "tajnehasloadmin"]).status == .unauthorized)
            let deleted = try await client.send(.delete, path, headers: [.authorization: "tajnehasloadmina"])
            #expect(deleted.status == .noContent && deleted.text.isEmpty)
            #expect(try await client.send(.get, "\(APIPath.announcements)/\(Fixture.azorID)").status == .notFound)
        }
    }

    @Test func contractMessagesWhereTheyHadDrifted() async throws {
        try await TestApp.run { client, _ throws in
            let negative = try await client.send(.post, APIPath.announcements, json: Fixture.createBody(["age": -1]))
            #expect(negative.status == .badRequest && negative.error["message"] as? String == "age must be a positive integer")
            let old = try await client.send(.post, APIPath.announcements, json: Fixture.createBody(["age": 41]))
            #expect(old.error["message"] as? String == "age must be between 0 and 40")
            let long = try await client.send(
                .post, APIPath.announcements,
                json: Fixture.createBody(["email": String(repeating: "a", count: 245) + "@example.com"]))
            #expect(long.status == .badRequest && long.error["message"] as? String == "email format is invalid")
            let padded = try await client.send(.post, APIPath.users, json: #"{"email":"pad@example.com","password":"1234567  "}"#)
            #expect(padded.status == .badRequest && padded.error["message"] as? String == "password must be 8-128 characters long")
            // Counted in code points, as JSON Schema's minLength and every other length: eight emoji are eight.
            let emoji = try await client.send(.post, APIPath.users, json: #"{"email":"emoji@example.com","password":"😀😀😀😀😀😀😀😀"}"#)
            #expect(emoji.status == .created, "\(emoji.text)")
            let combining = String(repeating: "e\u{301}", count: 65) // 65 letters a reader sees, 130 code points
            let longPassword = try await client.send(.post, APIPath.users, json: #"{"email":"accent@example.com","password":"\#(combining)"}"#)
            #expect(longPassword.status == .badRequest && longPassword.error["field"] as? String == "password")
            let emptyLimit = try await client.send(.get, "\(APIPath.announcements)?limit=", headers: [.origin: "http://elsewhere.example"])
            #expect(emptyLimit.status == .badRequest && emptyLimit.error["field"] as? String == "limit")
            // Errors carry the CORS header too, so a browser on another origin can read them.
            #expect(emptyLimit.headers[.accessControlAllowOrigin] == "*")
        }
    }

    /// Found by schemathesis: a found report dated 0001-01-01 with a photo crashed the whole server
    /// (its match window was computed as an impossible range), again at every restart.
    @Test func aReportFromTheYearOneIsMatchedWithoutACrash() async throws {
        try await TestApp.run { client, _ throws in
            let (id, password) = try await client.createAnnouncement(["lastSeenDate": "0001-01-01", "status": "FOUND"])
            #expect(try await client.uploadPhoto(id, password: password, bytes: Fixture.png).status == .created)
            let matches = try await client.send(.get, APIPath.matches(AnnouncementID(id)), headers: [.authorization: Basic.header(id, password)])
            #expect(matches.status == .ok && matches.list.isEmpty)
        }
    }

    /// The metrics are for the operator's scraper (this machine, a private network): counts that move with
    /// one request would tell a stranger whether an address has reports (found by an audit).
    @Test func onlyTheOperatorsNetworksReadTheMetrics() {
        for client in ["127.0.0.1", "10.1.2.3", "172.20.0.5", "192.168.1.9", "0:0:0:0::/64", "fd12:3456:789a:1::/64", "unknown"] {
            #expect(SystemController.mayReadMetrics(client), "\(client)")
        }
        for client in ["8.8.8.8", "172.32.0.1", "192.169.0.1", "2001:db8:1:2::/64", "fe80:0:0:0::/64", "0:0:0:0::/48"] {
            #expect(!SystemController.mayReadMetrics(client), "\(client)")
        }
    }

    @Test func readinessAndMetricsTellTheOperator() async throws {
        try await TestApp.run { client, _ throws in
            // A fresh process loads the place names in the background: 503 until then, as a load balancer polls.
            var ready = try await client.send(.get, APIPath.ready)
            for _ in 0..<300 where ready.status == .serviceUnavailable {
                #expect(ready.error["message"] as? String == "Place names are still loading")
                try await Task.sleep(for: .milliseconds(100))
                ready = try await client.send(.get, APIPath.ready)
            }
            #expect(ready.status == .ok && ready.json["status"] as? String == "ready")
            let (id, _) = try await client.createAnnouncement()
            _ = try await client.send(.patch, APIPath.announcement(AnnouncementID(id)), json: "{}", headers: [.authorization: Basic.header(id, "1")])
            let metrics = try await client.send(.get, APIPath.metrics)
            #expect(metrics.status == .ok && metrics.headers[.contentType]?.hasPrefix("text/plain") == true)
            #expect(metrics.text.contains(#"petspot_http_requests_total{method="POST",route="/api/v1/announcements",status="201"} 1"#))
            #expect(metrics.text.contains(#"route="/api/v1/announcements/{id}",status="403"} 1"#))
            #expect(metrics.text.contains("petspot_http_request_duration_seconds_bucket"))
            #expect(metrics.text.contains("petspot_outbox_pending ") && metrics.text.contains("petspot_outbox_oldest_age_seconds "))
            // Invented methods share one series, so nobody can make the registry grow without end.
            for method in ["BREW", "WHEN"] { _ = try await client.send(HTTPRequest.Method(method)!, APIPath.announcements) }
            let later = try await client.send(.get, APIPath.metrics).text
            #expect(!later.contains("BREW") && !later.contains("WHEN"))
            #expect(later.contains(#"petspot_http_requests_total{method="OTHER",route="NotFound",status="404"} 2"#))
        }
    }

    @Test func cookiesAreSecureWhenThePublicURLIsHTTPS() async throws {
        try await TestApp.run(on: .sqlite, configure: { $0.publicURL = "https://petspot.example" }) { client, _ throws in
            let page = try await client.send(.get, "/report-missing/microchip")
            let cookies = page.headers[values: .setCookie]
            #expect(!cookies.isEmpty && cookies.allSatisfy { $0.contains("Secure") })
            // `__Host-` names: a sibling subdomain or a plain-HTTP answer cannot plant a session id or a
            // draft key (and read the draft and its code); a cookie so planted is not taken.
            #expect(cookies.allSatisfy { $0.hasPrefix("__Host-petspot_") && $0.contains("Path=/") && !$0.lowercased().contains("domain=") })
            let planted = String(repeating: "ab", count: 16)
            let fixed = try await client.send(.get, "/report-missing/microchip", headers: [.cookie: "petspot_csrf=\(planted)"])
            #expect(fixed.headers[values: .setCookie].contains { $0.hasPrefix("__Host-petspot_csrf=") && !$0.contains(planted) })
        }
        try await TestApp.run(on: .sqlite) { client, _ throws in
            let page = try await client.send(.get, "/report-missing/microchip")
            #expect(page.headers[values: .setCookie].allSatisfy { !$0.contains("Secure") })
        }
    }
}
