@preconcurrency import Crypto
import _CryptoExtras
import Foundation
import NIOCore
import NIOPosix

/// scrypt in the reference's stored format: N=16384, r=8, p=1, a 16-byte salt and a 64-byte key, stored
/// as `<salt hex>:<key hex>`. Hashing runs on a thread pool of its own: off the request threads, and
/// off NIO's shared pool, where SQLite runs its queries (a burst of logins must not stall the database).
public struct PasswordHasher: Sendable {
    public static let keyLength = 64
    /// scrypt's cost (N): the reference's, wherever the server runs.
    public static let productionCost = 16384
    /// What this hasher derives with: `productionCost`, but for in-process tests (`testing`).
    let cost: Int

    static let pool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: max(1, System.coreCount))
        pool.start()
        return pool
    }()

    public init() { cost = Self.productionCost }

    /// A cheap hasher for in-process tests (N=1024: a fortieth of the work, on the debug build's
    /// unoptimised scrypt). Internal, so nothing but `@testable` tests can choose it: no flag, setting
    /// or environment variable reaches it, and `petspot serve` always hashes at `productionCost`.
    static let testing = PasswordHasher(cost: 1024)

    private init(cost: Int) { self.cost = cost }

    public func hash(_ password: String) async throws -> String {
        let salt = Hex.randomBytes(16)
        let key = try await derive(password, salt: salt)
        return "\(Hex.encode(salt)):\(Hex.encode(key))"
    }

    /// False for a wrong password and for a stored value that is not a well-formed hash.
    public func verify(_ password: String, against stored: String) async -> Bool {
        let parts = stored.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let salt = Hex.decode(parts[0]), !salt.isEmpty,
            let expected = Hex.decode(parts[1]), expected.count == Self.keyLength,
            let actual = try? await derive(password, salt: salt)
        else { return false }
        return ConstantTime.equal(actual, expected)
    }

    private func derive(_ password: String, salt: [UInt8]) async throws -> [UInt8] {
        try await Self.pool.runIfActive {
            let key = try KDF.Scrypt.deriveKey(
                from: Array(password.utf8), salt: salt, outputByteCount: Self.keyLength,
                rounds: cost, blockSize: 8, parallelism: 1, maxMemory: 64 * 1024 * 1024)
            return key.withUnsafeBytes { Array($0) }
        }
    }
}

/// Keyed tokens: an HMAC (a key derived from the server's secret) of a purpose and an id. The links in
/// e-mails carry them (alerts, check-ins, plans, my reports), so no link can be made or changed without
/// the server; a report's retry code and a network's history are kept under them, never in the clear.
struct KeyedTokens: Sendable {
    let key: SymmetricKey

    /// The key's label is the alerts' (the first links to carry tokens), kept so that links already sent still work.
    init(secret: String) {
        key = SymmetricKey(data: HMAC<SHA256>.authenticationCode(for: Data("petspot-alerts".utf8), using: SymmetricKey(data: Data(secret.utf8))))
    }

    func token(_ purpose: String, _ id: String) -> String {
        Hex.encode(Array(HMAC<SHA256>.authenticationCode(for: Data("\(purpose)|\(id)".utf8), using: key)))
    }

    func accepts(_ token: String?, _ purpose: String, _ id: String) -> Bool {
        guard let token else { return false }
        return ConstantTime.equal(token, self.token(purpose, id))
    }
}

/// Lower-case hex.
enum Hex {
    /// `count` random bytes as hex: the tokens, nonces and names made unguessable.
    static func random(bytes count: Int) -> String { encode(randomBytes(count)) }

    static func encode(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// `count` bytes from the system's generator, drawn eight at a time (a byte a draw was a
    /// `getrandom` call each).
    static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 7)
        while bytes.count < count { withUnsafeBytes(of: generator.next() as UInt64) { bytes.append(contentsOf: $0) } }
        return Array(bytes.prefix(count))
    }

    static func decode(_ text: Substring) -> [UInt8]? {
        let chars = Array(text.utf8)
        guard chars.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(chars.count / 2)
        for i in stride(from: 0, to: chars.count, by: 2) {
            guard let high = nibble(chars[i]), let low = nibble(chars[i + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: return c - 48
        case 97...102: return c - 87
        case 65...70: return c - 55
        default: return nil
        }
    }
}

/// Comparisons whose time does not depend on where the inputs differ.
enum ConstantTime {
    static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// Compares two secrets through their SHA-256 digests, so their lengths do not leak either.
    static func equal(_ a: String, _ b: String) -> Bool {
        equal(Array(SHA256.hash(data: Data(a.utf8))), Array(SHA256.hash(data: Data(b.utf8))))
    }
}
