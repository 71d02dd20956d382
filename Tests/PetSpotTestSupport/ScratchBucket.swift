import Foundation
import PetSpotS3

/// A bucket of its own on the S3-compatible server `PETSPOT_TEST_S3_URL` names (`.ci/s3.sh` starts
/// moto's server on 127.0.0.1), emptied and deleted afterwards. Without the variable, tests that need a
/// bucket run on the folder alone.
public enum ScratchBucket {
    public static var endpoint: URL? {
        ProcessInfo.processInfo.environment["PETSPOT_TEST_S3_URL"].flatMap { $0.isEmpty ? nil : URL(string: $0) }
    }

    public static var isAvailable: Bool { endpoint != nil }

    public static let credentials = S3Credentials(accessKeyID: "petspot-test", secretAccessKey: "petspot-test-secret")

    /// A fresh location (a new bucket, path-style, under `prefix`) on the test server.
    public static func location(prefix: String = "petspot") -> S3Location? {
        endpoint.map {
            S3Location(
                bucket: "petspot-\(UUID().uuidString.lowercased().prefix(18))", prefix: prefix, endpoint: $0,
                region: "us-east-1", pathStyle: true)
        }
    }

    /// Runs `body` with a client on a new bucket, then deletes what is left in it and the bucket.
    public static func with<T>(prefix: String = "petspot", partSize: Int = 8 << 20, _ body: (S3Client) async throws -> T) async throws -> T? {
        guard let location = location(prefix: prefix) else { return nil }
        let client = S3Client(location: location, credentials: credentials, partSize: partSize)
        try await client.createBucket()
        do {
            let result = try await body(client)
            try? await empty(location)
            return result
        } catch {
            try? await empty(location)
            throw error
        }
    }

    /// Deletes every object in the bucket (all prefixes).
    public static func empty(_ location: S3Location) async throws {
        var whole = location
        whole.prefix = ""
        let client = S3Client(location: whole, credentials: credentials)
        for object in try await client.list(prefix: "") { try await client.delete(object.key) }
    }
}
