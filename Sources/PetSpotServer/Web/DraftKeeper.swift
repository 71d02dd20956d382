import Foundation
import Hummingbird
import PetSpotRoutes
import PetSpotStore
import PetSpotWeb

/// Loads and saves report drafts (JSON in the draft store) and keeps their photos beside the photos
/// (`drafts/<session>-<flow>.<type>` in the data folder or the bucket), so any instance can finish a
/// draft another began. Drafts untouched for a day are gone, photos included.
struct DraftKeeper: Sendable {
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

    /// The session's draft of `flow`, or a new empty one.
    func load(_ session: String?, flow: ReportFlow) async throws -> ReportDraft {
        guard let session,
            let record = try await store.draft(Self.recordKey(session, flow), updatedSince: now().addingTimeInterval(-lifetime)),
            let draft = try? JSONDecoder().decode(ReportDraft.self, from: record.payload), draft.flow == flow
        else { return ReportDraft(flow: flow) }
        return draft
    }

    func save(_ draft: ReportDraft, session: String) async throws {
        let payload = try JSONEncoder().encode(draft)
        try await store.saveDraft(DraftRecord(key: Self.recordKey(session, draft.flow), payload: payload, updatedAt: now()))
        try await pruneExpired()
    }

    /// Forgets the draft and its photo.
    func discard(_ session: String?, flow: ReportFlow) async throws {
        guard let session else { return }
        try await store.deleteDraft(Self.recordKey(session, flow))
        await removePhotos(session, flow)
    }

    /// Moves an uploaded file next to the draft, replacing any earlier photo.
    func keepPhoto(_ upload: URL, size: Int, type: ImageType, session: String, flow: ReportFlow) async throws -> DraftPhoto {
        await removePhotos(session, flow)
        let name = "\(session)-\(flow.rawValue).\(type.fileExtension)"
        try await objects.store(Self.key(name), moving: upload, contentType: type.mimeType)
        return DraftPhoto(storedName: name, originalName: "photo.\(type.fileExtension)", size: size, type: type.fileExtension)
    }

    static func key(_ storedName: String) -> String { "drafts/\(storedName)" }

    /// Copies the draft's photo into a local file; false when it is gone.
    func fetchPhoto(_ photo: DraftPhoto, to file: URL) async throws -> Bool {
        try await objects.fetch(Self.key(photo.storedName), to: file)
    }

    /// The draft's photo as a response body; nil when it is gone.
    func photoBody(_ photo: DraftPhoto) async throws -> ResponseBody? {
        try await objects.body(Self.key(photo.storedName), range: nil)
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

/// Lets one submission per draft run at a time, so a double submit creates one report.
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
