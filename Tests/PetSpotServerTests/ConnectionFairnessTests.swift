import Foundation
@testable import PetSpotServer
import Testing

/// Connection slots are shared fairly: a client, a network and the whole server have bounds, and the
/// last quarter of the slots is kept for newcomers; a whole body's deadline follows its declared size.
@Suite struct ConnectionFairnessTests {
    /// 20 clients in 20 networks, each trying 55 connections, fill three quarters of 448 slots and some
    /// of the reserve, never all of it: a newcomer still gets in.
    @Test func trickersFromManyNetworksLeaveTheReserveToNewcomers() throws {
        let admission = ConnectionAdmission(perClient: 64, total: 448, proxies: .none)
        var tickets: [ConnectionAdmission.Ticket] = []
        for attacker in 0..<20 {
            for _ in 0..<55 {
                if let ticket = admission.admit(peer: "198.\(10 + attacker).0.1") { tickets.append(ticket) }
            }
        }
        #expect(tickets.count < 448)
        #expect(tickets.count >= 336, "everyone may use the first three quarters")
        let newcomer = try #require(admission.admit(peer: "203.0.113.5"))
        // Within the reserve, a newcomer may hold a few, not many.
        let more = (0..<10).compactMap { _ in admission.admit(peer: "203.0.113.5") }
        #expect(more.count == ConnectionAdmission.reserveShare - 1)
        for ticket in tickets + [newcomer] + more { admission.release(ticket) }
        #expect(admission.openConnections == 0)
    }

    /// One network (a /24, or a /48 of many /64s) holds at most 4 clients' worth of connections.
    @Test func oneNetworkHoldsAtMostFourClientsWorth() {
        let admission = ConnectionAdmission(perClient: 8, total: 10_000, proxies: .none)
        let fromOneSlash24 = (0..<10).flatMap { host in (0..<8).compactMap { _ in admission.admit(peer: "192.0.2.\(host + 1)") } }
        #expect(fromOneSlash24.count == 32)
        let fromOneSlash48 = (0..<10).flatMap { subnet in
            (0..<8).compactMap { _ in admission.admit(peer: "2001:db8:1:\(String(subnet, radix: 16))::1") }
        }
        #expect(fromOneSlash48.count == 32)
        #expect(admission.admit(peer: "192.0.3.1") != nil, "the next /24 is another network")
    }

    /// This host's own addresses are no network of neighbours: each loopback address is a client only.
    @Test func loopbackAddressesAreClientsNotOneNetwork() {
        let admission = ConnectionAdmission(perClient: 8, total: 10_000, proxies: .none)
        let local = (1...10).flatMap { host in (0..<8).compactMap { _ in admission.admit(peer: "127.0.0.\(host)") } }
        #expect(local.count == 80)
        #expect(ConnectionAdmission.isLoopback(ClientKey.of("::1")))
    }

    /// A trusted proxy carries many clients: only the total bounds it.
    @Test func aTrustedProxyIsCountedOnlyInTheTotal() throws {
        let admission = ConnectionAdmission(perClient: 2, total: 100, proxies: try TrustedProxies("10.0.0.1"))
        #expect((0..<50).compactMap { _ in admission.admit(peer: "10.0.0.1") }.count == 50)
    }

    /// A small body has seconds, a large photo minutes, and nothing more than `--body-deadline`.
    @Test func aBodysDeadlineFollowsTheBytesItDeclares() {
        let timeouts = ConnectionTimeouts()
        #expect(timeouts.bodyDeadline(declaring: 5_000) < .seconds(11))
        #expect(timeouts.bodyDeadline(declaring: 5_000) >= .seconds(10))
        #expect(timeouts.bodyDeadline(declaring: 1_600_000) > .seconds(100))
        #expect(timeouts.bodyDeadline(declaring: 20_000_000) == timeouts.bodyTotal)
        #expect(timeouts.bodyDeadline(declaring: nil) == timeouts.bodyTotal)
        var short = ConnectionTimeouts()
        short.bodyTotal = .seconds(4)
        #expect(short.bodyDeadline(declaring: 100) == .seconds(4))
    }
}
