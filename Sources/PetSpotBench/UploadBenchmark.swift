import Foundation

/// Concurrent photo uploads (curl children, loopback) to a fresh `petspot serve` in a temporary folder,
/// reporting the server's peak RSS (`VmHWM`) before and after. The folder is removed afterwards.
public struct UploadBenchmark: Sendable {
    /// What the uploads did to the server.
    public struct Result: Sendable {
        public var store: String
        public var uploads: Int
        public var succeeded: Int
        public var megabytes: Int
        public var seconds: Double
        public var idleRSSMiB: Double
        public var peakRSSMiB: Double
    }

    public var uploads: Int
    public var megabytes: Int
    /// Where the server keeps the photos (`--photo-store`), with the settings that reach it.
    public var photoStore: String
    public var storeSettings: [String]

    public init(uploads: Int = 16, megabytes: Int = 20, photoStore: String = "folder", storeSettings: [String] = []) {
        self.uploads = uploads
        self.megabytes = megabytes
        self.photoStore = photoStore
        self.storeSettings = storeSettings
    }

    public func run() async throws -> Result {
        guard let curl = ChildProcess.which("curl") else { throw BenchError.toolMissing("curl") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-upload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = try writePhoto(in: folder)
        let port = HTTPProbe.freePort()
        let server = try ServerProcess(
            executable: ChildProcess.currentExecutable,
            arguments: [
                "serve", "--port", "\(port)", "--data-dir", folder.appendingPathComponent("data").path, "--jobs", "paused",
                "--photo-store", photoStore,
            ] + storeSettings,
            port: port, readyPath: "/api/health")
        defer { server.stop() }
        let base = "http://127.0.0.1:\(port)/api/v1/announcements"
        let created = try (0..<uploads).map { _ in try create(curl: curl, base: base) }
        let idle = server.peakRSSMiB()
        let start = ContinuousClock.now
        let statuses = try await withThrowingTaskGroup(of: String.self) { group in
            for (id, password) in created {
                group.addTask {
                    try ChildProcess.run(
                        curl,
                        [
                            "-s", "-o", "/dev/null", "-w", "%{http_code}", "-u", "\(id):\(password)",
                            "-F", "photo=@\(photo);type=image/jpeg", "\(base)/\(id)/photos",
                        ]
                    ).output
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let seconds = (ContinuousClock.now - start).milliseconds / 1000
        return Result(
            store: photoStore, uploads: uploads, succeeded: statuses.filter { $0 == "201" }.count, megabytes: megabytes,
            seconds: seconds, idleRSSMiB: idle, peakRSSMiB: server.peakRSSMiB())
    }

    /// Creates one report through the API; its id and management password.
    func create(curl: String, base: String) throws -> (String, String) {
        let body =
            #"{"species":"DOG","sex":"MALE","lastSeenDate":"2026-11-01","status":"MISSING","locationLatitude":52.2297,"locationLongitude":21.0122,"email":"bench@example.com"}"#
        let (output, _) = try ChildProcess.run(
            curl, ["-s", "-H", "Content-Type: application/json", "--data-binary", "@-", base],
            stdin: Data(body.utf8))
        guard let json = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any],
            let id = json["id"] as? String, let password = json["managementPassword"] as? String
        else {
            throw BenchError.unexpectedOutput(output)
        }
        return (id, password)
    }

    /// A `megabytes` MiB file that starts like a JPEG (the server sniffs the type from the first bytes).
    func writePhoto(in folder: URL) throws -> String {
        var random = SplitMix64(seed: 1)
        var bytes = [UInt8](repeating: 0, count: megabytes * 1024 * 1024)
        for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: random.next()) }
        bytes.replaceSubrange(0..<4, with: [0xFF, 0xD8, 0xFF, 0xE0])
        let url = folder.appendingPathComponent("photo.jpg")
        try Data(bytes).write(to: url)
        return url.path
    }
}
