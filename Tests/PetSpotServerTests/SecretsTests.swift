import Foundation
import HummingbirdTesting
import NIOCore
import PetSpotDomain
@testable import PetSpotServer
import PetSpotStore
import Testing

/// Tokens, password hashes and logs keep secrets secret.
@Suite struct SecretsTests {
    let signer = JWTSigner(secret: String(repeating: "k", count: 32))

    @Test func tokenVerifiesUntilItExpiresAndNotWhenTampered() {
        let now = Date(timeIntervalSince1970: 1_763_000_000)
        let token = signer.token(userID: "user-123", now: now)
        #expect(token.split(separator: ".").count == 3)
        #expect(signer.verify(token, now: now + 3599) == "user-123")
        #expect(signer.verify(token, now: now + 3601) == nil)
        #expect(signer.verify(String(token.dropLast(5)) + "xxxxx", now: now) == nil)
        #expect(JWTSigner(secret: String(repeating: "z", count: 32)).verify(token, now: now) == nil)
        for garbage in ["not-a-jwt", "only.two.parts.here.extra", "", "abc.def", "..."] {
            #expect(signer.verify(garbage, now: now) == nil)
        }
    }

    /// The payload's claims in the contract's order, `{"userId","iat","exp"}`, as the published apps'
    /// backend wrote them.
    @Test func theTokensClaimsComeInTheContractsOrder() throws {
        let token = signer.token(userID: "user-123", now: Date(timeIntervalSince1970: 1_763_000_000))
        let payload = try #require(Base64URL.decode(String(token.split(separator: ".")[1])))
        #expect(String(decoding: payload, as: UTF8.self) == #"{"userId":"user-123","iat":1763000000,"exp":1763003600}"#)
    }

    /// Numbers as JavaScript spelt them: `90`, not `90.0`; `1e-7`, not `1e-07`.
    @Test func numbersAreSpeltAsTheContractsBackendSpeltThem() {
        for (value, spelt) in [
            (90.0, "90"), (-180, "-180"), (0, "0"), (-0.0, "0"), (52.2297, "52.2297"), (1e-7, "1e-7"), (-2.5e-10, "-2.5e-10"), (1e300, "1e+300"),
        ] {
            var buffer = ByteBuffer()
            JSONText.number(value, &buffer)
            #expect(String(buffer: buffer) == spelt, "\(value)")
        }
    }

    @Test func passwordHashUsesTheReferenceFormatAndRejectsMalformedHashes() async throws {
        let hasher = PasswordHasher()
        let hash = try await hasher.hash("123456")
        #expect(hash.wholeMatch(of: /[0-9a-f]{32}:[0-9a-f]{128}/) != nil)
        #expect(await hasher.verify("123456", against: hash))
        #expect(await !hasher.verify("123457", against: hash))
        for malformed in ["test_hash_1", "", ":", "abcd:abc", String(repeating: "0", count: 32) + ":" + String(repeating: "0", count: 126), "zz:zz"] {
            #expect(await !hasher.verify("123456", against: malformed))
        }
    }

    /// Tests may hash at a cheaper cost, but only from `@testable` code: a server built from the default
    /// configuration (as `petspot serve` builds it) stores management codes at the reference's N=16384.
    @Test func aServerHashesCodesAtTheProductionCost() async throws {
        #expect(ServerConfiguration(dataDirectory: URL(fileURLWithPath: "/tmp")).passwordHasher.cost == PasswordHasher.productionCost)
        #expect(PasswordHasher.productionCost == 16384 && PasswordHasher().cost == 16384)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-cost-\(UUID().uuidString)")
        try await TestApp.run(on: .sqlite, dataDirectory: directory, configure: { $0.passwordHasher = PasswordHasher() }) { client, _ throws in
            let (id, code) = try await client.createAnnouncement()
            let store = try await SQLiteStore.open(path: directory.appendingPathComponent("petspot.sqlite").path)
            let stored = try await store.passwordHash(of: AnnouncementID(id))
            try await store.close()
            #expect(await PasswordHasher().verify(code, against: stored))
            #expect(await !PasswordHasher.testing.verify(code, against: stored))
        }
        try? FileManager.default.removeItem(at: directory)
    }

    @Test func logQueriesHideContactsAndSecrets() {
        #expect(LogRedaction.redactQuery("lat=1&email=a%40b.co&Phone=123&token=x&range=5") == "lat=1&email=***&Phone=***&token=***&range=5")
        #expect(LogRedaction.redactQuery("") == "")
        // The owner's grant rides in the photo upload's query.
        #expect(LogRedaction.redactQuery("token=t&grant=1795931504.7672ab") == "token=***&grant=***")
        #expect(LogRedaction.redactQuery("%65mail=a&lat=1") == "%65mail=***&lat=1")
        #expect(LogRedaction.redactQuery("lat=52.2&lng=21&range=10&limit=50") == "lat=52.2&lng=21&range=10&limit=50")
        // An address typed into the search box is an address too.
        #expect(LogRedaction.redactQuery("q=kowalski@example.com&lat=52") == "q=***&lat=52")
        #expect(LogRedaction.redactQuery("q=jan%40example.pl") == "q=***" && LogRedaction.redactQuery("q=brown+dog") == "q=brown+dog")
        // The language switch's way back can be an e-mailed link with its token; an operator looks people up.
        #expect(LogRedaction.redactQuery("lang=pl&back=%2Falerts%2F7b07%3Ftoken%3Dbe3b") == "lang=pl&back=***")
        #expect(LogRedaction.redactQuery("q=owner%40example.com", path: "/admin/look-up") == "q=***")
        #expect(LogRedaction.redactQuery("q=brown+dog&page=2", path: "/lost-pets") == "q=brown+dog&page=2")
        // The place box sends what is typed, often a street address; the reverse look-up an exact point.
        #expect(LogRedaction.redactQuery("limit=8&q=ul.%20Tajna%207", path: "/api/v1/places") == "limit=***&q=***")
        #expect(LogRedaction.redactQuery("lat=52.23&lng=21.01", path: "/api/v1/places/reverse") == "lat=***&lng=***")
        // Any case; a name as long as a secret's that is not one stays.
        #expect(
            LogRedaction.redactQuery("CODE=1&Secret=2&MANAGEMENTPASSWORD=3&tokens=4&range=5") == "CODE=***&Secret=***&MANAGEMENTPASSWORD=***&tokens=4&range=5")
        // An e-mail address in a path never reaches the log either.
        #expect(LogRedaction.redactPath("/lost-pets/someone@example.com/flyer") == "/lost-pets/***/flyer")
        #expect(LogRedaction.redactPath("/api/v1/alerts/x%40y.pl") == "/api/v1/alerts/***")
        #expect(LogRedaction.redactPath("/lost-pets/6ea0d653") == "/lost-pets/6ea0d653")
    }

    /// The data folder and what the server writes in it (the database with the codes' hashes and private
    /// details, the mailbox with the codes, photos) are for the server's user alone: no other account reads them.
    @Test func theDataFolderIsTheServersUsersAlone() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-private-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        // As `petspot serve` starts: the folder does not exist yet.
        var configuration = ServerConfiguration(dataDirectory: directory, jwtSecret: String(repeating: "s", count: 32))
        configuration.passwordHasher = .testing
        configuration.requestDeadline = .seconds(600)
        try await buildApplication(configuration, logger: quietLogger).test(.router) { client in
            _ = try await client.createAnnouncement(["email": "owner@example.com"])
            #expect(try await MailboxMessage.first(in: directory) { $0.to == "owner@example.com" } != nil)
        }
        func mode(_ path: String) throws -> Int { try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) }
        #expect(try mode(directory.path) == 0o700)
        let files = try #require(FileManager.default.subpathsOfDirectory(atPath: directory.path) as [String]?)
        #expect(files.contains("petspot.sqlite") && files.contains { $0.hasSuffix(".eml") }, "\(files)")
        for file in files {
            #expect(try mode(directory.appendingPathComponent(file).path) & 0o077 == 0, "\(file) is readable by others")
        }
    }
}
