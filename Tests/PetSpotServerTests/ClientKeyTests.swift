import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOHTTP1
import PetSpotAPI
@testable import PetSpotServer
import PetSpotStore
import Testing

/// Per-client budgets count one IPv4 address or one IPv6 /64, whatever the spelling (issue 24 item 5).
@Suite struct ClientKeyTests {
    @Test func everySpellingOfOneAddressIsOneClient() {
        let spellings = ["2001:db8::1", "2001:0db8:0000:0000:0000:0000:0000:0001", "2001:DB8::1", "[2001:db8::1]", "2001:db8:0:0::1%eth0"]
        #expect(Set(spellings.map(ClientKey.of)) == ["2001:db8:0:0::/64"])
        #expect(ClientKey.of("::ffff:192.0.2.7") == "192.0.2.7")
        #expect(ClientKey.of("::ffff:c000:207") == "192.0.2.7")
        #expect(ClientKey.of("192.0.2.7") == "192.0.2.7")
    }

    @Test func oneIPv6NetworkIsOneClientAndItsNeighbourIsAnother() {
        let inside = (0..<600).map { ClientKey.of("2001:db8:1:2:\(String($0, radix: 16)):ab::\(String($0 * 7, radix: 16))") }
        #expect(Set(inside).count == 1)
        #expect(ClientKey.of("2001:db8:1:3::1") != inside[0])
        #expect(ClientKey.of("192.0.2.8") != ClientKey.of("192.0.2.7"))
    }

    @Test func textThatIsNoAddressIsKeptAsItIs() {
        #expect(ClientKey.of("unknown") == "unknown")
    }

    /// Through a trusted proxy, 12 wrong admin tokens from 12 addresses of one /64 spend one budget of
    /// 10: the 11th is refused, where each address used to get a fresh budget.
    @Test func guessesFromOneIPv6NetworkShareOneBudget() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-keys-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = ServerConfiguration(dataDirectory: directory, jwtSecret: String(repeating: "s", count: 32),
                                                adminToken: TestApp.adminToken)
        configuration.trustedProxies = try TrustedProxies("127.0.0.0/8, ::1")
        // The whole suite shares two cores and one scrypt pool: no request is cut for waiting its turn (the
        // deadline is tested apart, in HardeningTests).
        configuration.requestDeadline = .seconds(600)
        configuration.passwordHasher = .testing
        let app = try await buildApplication(configuration, logger: quietLogger)
        try await app.test(.live) { client in
            var statuses: [Int] = []
            for attempt in 0..<12 {
                let forwarded = HTTPField.Name("X-Forwarded-For")!
                let response = try await client.execute(uri: "\(APIPath.adminAnnouncements)/x", method: .delete,
                                                        headers: [.authorization: "Bearer wrong-\(attempt)",
                                                                  forwarded: "2001:db8:7:7:\(attempt)::\(attempt + 1)"])
                statuses.append(Int(response.status.code))
            }
            #expect(statuses.prefix(10).allSatisfy { $0 == 401 } && statuses.suffix(2).allSatisfy { $0 == 429 }, "\(statuses)")
        }
    }
}

/// A full disk is an error answer (507), never a crash (issue 24 item 1).
@Suite struct DiskFullTests {
    @Test func aWriteOnAFullDiskIsKnownAsFull() throws {
        let handle = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        defer { try? handle.close() }
        var thrown: (any Error)?
        do { try handle.write(contentsOf: Data(repeating: 1, count: 64 * 1024)) } catch { thrown = error }
        let error = try #require(thrown)
        #expect(StoreError.classify(error) as? StoreError == .full)
        #expect(StoreError.classify(CocoaError(.fileReadNoSuchFile)) as? StoreError == nil)
        #expect(APIError.from(StoreError.full).status.code == 507)
        #expect(APIError.from(StoreError.full).code == .insufficientStorage)
    }

    /// A client that hangs up mid-body is its own doing: a 400, never logged as a server error (500).
    @Test func aBodyCutShortIsTheClientsFault() {
        #expect(APIError.from(HTTPParserError.invalidEOFState).status == .badRequest)
        #expect(APIError.from(StoreError.unavailable).status == .serviceUnavailable)
    }
}
