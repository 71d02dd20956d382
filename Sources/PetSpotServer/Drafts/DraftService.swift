import Foundation
import PetSpotRoutes
import PetSpotStore

/// Keeps report drafts: each session's draft of a flow (an opaque payload in the draft store) and its
/// photo beside the photos (`drafts/<session>-<flow>.<type>` in the data folder or the bucket), so any
/// instance can finish a draft another began. Drafts untouched for a day are gone, photos included.
struct DraftService: Sendable {
    let store: any DraftStore
    let objects: any PhotoObjects
    let lifetime: TimeInterval
    let now: @Sendable () -> Date

    init(
        store: any DraftStore, objects: any PhotoObjects, dataDirectory: URL, lifetime: TimeInterval = 24 * 3600,
        now: @escaping @Sendable () -> Date = Date.init
    ) throws {
        self.store = store
        self.objects = objects
        self.lifetime = lifetime
        self.now = now
        try FileManager.default.createDirectory(
            at: dataDirectory.appendingPathComponent("drafts", isDirectory: true),
            withIntermediateDirectories: true)
    }

    static func recordKey(_ session: String, _ flow: ReportFlow) -> String { "\(session):\(flow.rawValue)" }

    /// The session's draft of `flow`, while it lasts.
    func payload(_ session: String, flow: ReportFlow) async throws -> Data? {
        try await store.draft(Self.recordKey(session, flow), updatedSince: now().addingTimeInterval(-lifetime))?.payload
    }

    func save(_ payload: Data, session: String, flow: ReportFlow) async throws {
        try await store.saveDraft(DraftRecord(key: Self.recordKey(session, flow), payload: payload, updatedAt: now()))
        try await pruneExpired()
    }

    /// Forgets the draft and its photo.
    func discard(_ session: String?, flow: ReportFlow) async throws {
        guard let session else { return }
        try await store.deleteDraft(Self.recordKey(session, flow))
        await removePhotos(session, flow)
    }

    /// Moves an uploaded file next to the draft, replacing any earlier photo; the name it is kept under.
    func keepPhoto(_ upload: URL, type: ImageType, session: String, flow: ReportFlow) async throws -> String {
        await removePhotos(session, flow)
        let name = "\(session)-\(flow.rawValue).\(type.fileExtension)"
        try await objects.store(Self.key(name), moving: upload, contentType: type.mimeType)
        return name
    }

    static func key(_ storedName: String) -> String { "drafts/\(storedName)" }

    /// Copies a draft's photo into a local file; false when it is gone.
    func fetchPhoto(_ storedName: String, to file: URL) async throws -> Bool {
        try await objects.fetch(Self.key(storedName), to: file)
    }

    func removePhotos(_ session: String, _ flow: ReportFlow) async {
        for type in ImageType.allCases { try? await objects.remove(Self.key("\(session)-\(flow.rawValue).\(type.fileExtension)")) }
    }

    /// Deletes expired drafts and their photos.
    func pruneExpired() async throws {
        for key in try await store.deleteDrafts(updatedBefore: now().addingTimeInterval(-lifetime)) {
            let parts = key.split(separator: ":")
            guard parts.count == 2, let flow = ReportFlow(rawValue: String(parts[1])) else { continue }
            await removePhotos(String(parts[0]), flow)
        }
    }
}
