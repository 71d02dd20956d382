import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
@testable import PetSpotServer
import ServiceLifecycle
import PetSpotAPI
@testable import PetSpotClient

/// Runs the real PetSpot server on 127.0.0.1 (a free port, a fresh data folder) for the duration of
/// `body`, then shuts it down gracefully (so that its database is closed, which cancelling does not do).
func withTestServer<T: Sendable>(
    configure: @Sendable (inout ServerConfiguration) -> Void = { _ in }, _ body: @Sendable (URL) async throws -> T
) async throws -> T {
    let directory = Fixtures.temporaryDirectory()
    let (ports, continuation) = AsyncStream<Int>.makeStream()
    var logger = Logger(label: "petspot-test-server")
    logger.logLevel = .error
    var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, dataDirectory: directory)
    // The whole suite shares two cores and one scrypt pool: a code check may wait its turn longer than the
    // production deadline, which is tested apart (HardeningTests).
    configuration.requestDeadline = .seconds(600)
    configuration.passwordHasher = .testing
    configure(&configuration)
    let app = try await buildApplication(configuration, logger: logger, onServerRunning: { port in continuation.yield(port) })
    let group = ServiceGroup(services: [app], gracefulShutdownSignals: [], logger: logger)
    let server = Task { try await group.run() }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next() else { throw CancellationError() }
    let result: Result<T, any Error>
    do { result = .success(try await body(URL(string: "http://127.0.0.1:\(port)")!)) } catch { result = .failure(error) }
    await group.triggerGracefulShutdown()
    _ = await server.result
    try? FileManager.default.removeItem(at: directory)
    return try result.get()
}

extension URLSession {
    /// The suite's client: as patient as the test server's deadline. The whole suite shares two cores and
    /// one scrypt pool, so a report's creation may wait longer than URLSession's default 60 s (a CI run
    /// failed on exactly that); a request that never gets an answer still ends the test.
    static let suite: URLSession = {
        let configuration = URLSessionConfiguration.default
        configuration.timeoutIntervalForRequest = 600
        configuration.timeoutIntervalForResource = 900
        return URLSession(configuration: configuration)
    }()
}

/// Downloads a URL's bytes (a report's photo).
func download(_ url: String) async throws -> Data {
    let (data, response) = try await URLSession.suite.data(from: URL(string: url)!)
    guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw RepositoryError.notFound }
    return data
}

/// The real repository, except that the first photo upload is sent with a wrong management password,
/// so the real server refuses it; later uploads go through untouched. Records created report ids.
actor FirstUploadRejectedRepository: AnnouncementRepositoryProtocol {
    let base: URLSessionAnnouncementRepository
    private(set) var createdIds: [AnnouncementID] = []
    private(set) var uploadAttempts = 0

    init(base: URLSessionAnnouncementRepository) { self.base = base }

    func announcements(near location: Coordinate?, rangeKm: Int, matching text: String?) async throws(RepositoryError) -> [Announcement] {
        try await base.announcements(near: location, rangeKm: rangeKm, matching: text)
    }
    func announcement(id: AnnouncementID) async throws(RepositoryError) -> Announcement {
        try await base.announcement(id: id)
    }
    func createAnnouncement(_ request: PetSpotAPI.CreateAnnouncementRequest) async throws(RepositoryError) -> AnnouncementResult {
        let result = try await base.createAnnouncement(request)
        createdIds.append(result.id)
        return result
    }
    func uploadPhoto(_ request: PhotoUploadRequest) async throws(RepositoryError) {
        uploadAttempts += 1
        var sent = request
        if uploadAttempts == 1 { sent.managementPassword = "000000" == request.managementPassword ? "111111" : "000000" }
        try await base.uploadPhoto(sent)
    }
    func deleteAnnouncement(id: AnnouncementID, managementPassword: String) async throws(RepositoryError) {
        try await base.deleteAnnouncement(id: id, managementPassword: managementPassword)
    }
    func closeAnnouncement(id: AnnouncementID, managementPassword: String) async throws(RepositoryError) {
        try await base.closeAnnouncement(id: id, managementPassword: managementPassword)
    }
}
