@preconcurrency import Crypto
import Foundation
import PetSpotAPI
import PetSpotDomain
import PetSpotStore

/// Why a create under an idempotency key was refused.
public enum RetryError: Error, Equatable, Sendable {
    /// The key is not 1–255 visible ASCII characters.
    case invalidKey
    /// The key filed a different report before.
    case keyReused
    /// The report the key filed has been deleted since.
    case reportGone
}

/// Creating a report under an idempotency key (the `Idempotency-Key` header, or the web's queued
/// report): a retry of the same request answers the report filed the first time with the same code,
/// and files nothing twice, even when both arrive at once. The code is made from the server's secret,
/// the key and the report, so it is never stored as typed and a retry can say it again.
extension AnnouncementService {
    /// The key as it is kept, and the request's fingerprint: `RetryError.invalidKey` for a bad key.
    func requestKey(_ key: String, for input: ValidatedAnnouncement, language: String) throws -> RequestKey {
        guard (1...255).contains(key.utf8.count), key.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else { throw RetryError.invalidKey }
        return RequestKey(key: Self.digest(key), fingerprint: Self.digest("\(language)|\(input)"), at: now())
    }

    /// The report filed under `key` before, with its code; nil when there is none.
    func earlier(_ key: RequestKey) async throws -> (announcement: Announcement, password: String)? {
        guard let earlier = try await store.report(filedUnder: key.key, since: now().addingTimeInterval(-RequestKey.lifetime)) else { return nil }
        return try await replay(earlier, key)
    }

    /// The answer to a retry: the same request gets its report and code again.
    func replay(_ earlier: RequestKey.Earlier, _ key: RequestKey) async throws -> (announcement: Announcement, password: String) {
        guard earlier.fingerprint == key.fingerprint else { throw RetryError.keyReused }
        guard let report = try? await store.find(earlier.reportID), let code = code(for: key, id: earlier.reportID) else { throw RetryError.reportGone }
        return (report, code)
    }

    /// The six-digit code of the report `id` filed under `key`; nil when the server signs nothing.
    func code(for key: RequestKey, id: AnnouncementID) -> String? {
        guard let tokens else { return nil }
        let hex = tokens.token("report-code", "\(key.key)|\(id.rawValue)")
        return String(100_000 + (UInt64(hex.prefix(15), radix: 16) ?? 0) % 900_000)
    }

    static func digest(_ text: String) -> String { Hex.encode(Array(SHA256.hash(data: Data(text.utf8)))) }
}

/// Lets one submission per key (a web draft, an idempotency key) run at a time, so a double submit
/// creates one report and its retries wait for it.
actor SubmissionGate {
    private var busy: Set<String> = []

    func run<T: Sendable>(_ key: String, _ body: @Sendable () async throws -> T) async throws -> T {
        var waited = 0
        while busy.contains(key) {
            guard waited < 400 else { throw CancellationError() }
            waited += 1
            try await Task.sleep(for: .milliseconds(25))
        }
        busy.insert(key)
        defer { busy.remove(key) }
        return try await body()
    }
}
