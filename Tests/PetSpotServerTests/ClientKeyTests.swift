import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOHTTP1
import PetSpotAPI
@testable import PetSpotServer
import PetSpotStore
import Testing

/// Per-client budgets count one IPv4 address or one IPv6 /64, whatever the spelling.
@Suite struct ClientKeyTests {
    @Test func everySpellingOfOneAddressIsOneClient() {
        let spellings = ["2001:db8::1", "2001:0db8:0000:0000:0000:0000:0000:0001", "2001:DB8::1", "[2001:db8::1]", "2001:db8:0:0::1%eth0"]
        #expect(Set(spellings.map(ClientKey.of)) == ["2001:db8:0:0::/64"])
        #expect(ClientKey.of("::ffff:192.0.2.7") == "192.0.2.7")
        #expect(ClientKey.of("::ffff:c000:207") == "192.0.2.7")
        #expect(ClientKey.of("192.0.2.7") == "192.0.2.7")
    }

    /// Through a trusted proxy, every spelling a proxy may write of one client is that client, never the
    /// proxy (whose one budget all such clients would share).
    @Test func forwardedSpellingsAreTheClientNotTheProxy() throws {
        let proxies = try TrustedProxies("10.0.0.0/8")
        let spellings = ["2001:db8::1", "[2001:db8::1]", "[2001:db8::1]:443", "2001:db8::1%lo", "2001:DB8:0::1"]
        let keys = spellings.map { ClientKey.of(proxies.client(peer: "10.0.0.5", forwardedFor: [$0])) }
        #expect(Set(keys) == ["2001:db8:0:0::/64"], "\(keys)")
        for v4 in ["192.0.2.7", "192.0.2.7:8080", "::ffff:192.0.2.7", "[::ffff:192.0.2.7]"] {
            #expect(ClientKey.of(proxies.client(peer: "10.0.0.5", forwardedFor: ["198.51.100.1, \(v4)"])) == "192.0.2.7", "\(v4)")
        }
        // Garbage is not an address: the proxy's peer address stands, as before.
        #expect(proxies.client(peer: "10.0.0.5", forwardedFor: ["not-an-address"]) == "10.0.0.5")
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

    /// A wrong code prunes old attempts, but never a budget's that still counts: a stranger's daily
    /// code e-mail stays spent (found by reading: every guess used to reset the day-long budgets).
    @Test func aWrongCodeDoesNotResetTheDayLongBudgets() async throws {
        let clock = MutableClock(Date(timeIntervalSince1970: 1_790_000_000))
        let lockout = LockoutPolicy(store: InMemoryStore(), now: { clock.now })
        #expect(await lockout.allowsUnasked(LockoutPolicy.unaskedCode, to: "victim@example.com"))
        clock.now += 3600
        await #expect(throws: AccessError.self) { try await lockout.check([(LockoutPolicy.clientCode, "client")]) { false } }
        #expect(!(await lockout.allowsUnasked(LockoutPolicy.unaskedCode, to: "victim@example.com")))
        clock.now += 23 * 3600 + 1
        #expect(await lockout.allowsUnasked(LockoutPolicy.unaskedCode, to: "victim@example.com"))
    }

    /// Through a trusted proxy, 12 wrong admin tokens from 12 addresses of one /64 spend one budget of
    /// 10: the 11th is refused, where each address used to get a fresh budget. (The key and the budget,
    /// as `ClientAddressMiddleware` and the admin DELETE use them, without a live socket: under the whole
    /// suite a live client's fixed 20-second read timeout is too short.)
    @Test func guessesFromOneIPv6NetworkShareOneBudget() async throws {
        let proxies = try TrustedProxies("127.0.0.0/8, ::1")
        let lockout = LockoutPolicy(store: InMemoryStore())
        var refused: [Bool] = []
        for attempt in 0..<12 {
            let client = ClientKey.of(proxies.client(peer: "127.0.0.1", forwardedFor: ["2001:db8:7:7:\(attempt)::\(attempt + 1)"]))
            do {
                try await lockout.check([(LockoutPolicy.clientAdmin, client)]) { false }
            } catch AccessError.locked {
                refused.append(true)
                continue
            } catch AccessError.wrongSecret {}
            refused.append(false)
        }
        #expect(refused == Array(repeating: false, count: 10) + [true, true], "\(refused)")
    }
}

/// A full disk is an error answer (507), never a crash.
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
