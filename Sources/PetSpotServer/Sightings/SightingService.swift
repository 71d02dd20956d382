import Foundation
import PetSpotAPI
import PetSpotDomain
import PetSpotStore

/// Why a sighting was not taken, in domain terms; mapped to HTTP once for the API and once for the web.
public enum SightingError: Error, Equatable, Sendable {
    /// Only open missing reports take sightings.
    case reportNotOpen
    /// The upload is not a photo of a known type.
    case photoWrongType
}

/// The sighting use cases, shared by the API and the web: anyone adds one to an open missing
/// report (limited per client and per report), everyone reads the visible ones, the owner hides one;
/// the owner hears of new ones by e-mail at most once per `noticeGap`, and those who asked hear when the
/// pet is found.
public struct SightingService: Sendable {
    /// The stores it needs, and no more.
    typealias Stores = AnnouncementStore & ModerationStore & SearchPlanStore & SightingStore
    let store: any Stores
    let photos: PhotoStorage
    let lockout: LockoutPolicy
    let notifier: ReportNotifier?
    /// Remembers the networks that filed sightings, whose flags then weigh more; nil remembers nothing.
    var history: ClientHistory?
    let now: @Sendable () -> Date
    /// The shortest time between two e-mails to an owner about sightings; the rest are folded in.
    static let noticeGap: TimeInterval = 10 * 60
    /// Runs the copies of one queued sighting one at a time in this process.
    let oneAtATime = SubmissionGate()

    /// Adds a sighting. Throws `StoreError.notFound`, `SightingError`, `SightingProblems` (nothing is
    /// spent for bad input) or `AccessError.tooMany` when a limit is spent.
    /// Under `key` (a phone's queued sighting), the sighting's id is made from the key, so a retry finds
    /// the sighting it filed before and files nothing twice.
    func add(
        to id: AnnouncementID, form: SightingForm, photo: UploadedPhoto?, language: String, client: String,
        timeZone: TimeZone, key: String? = nil
    ) async throws -> Sighting {
        guard let key else {
            return try await adding(to: id, form: form, photo: photo, language: language, client: client, timeZone: timeZone, sightingID: nil)
        }
        let sightingID = KeyedID.make("sighting", key: key, report: id)
        do {
            // Copies of one queued sighting run one at a time here: a later one finds it filed and spends nothing.
            return try await oneAtATime.run(sightingID) {
                try await adding(to: id, form: form, photo: photo, language: language, client: client, timeZone: timeZone, sightingID: sightingID)
            }
        } catch {
            if let photo { photos.discard(photo.file) }
            throw error
        }
    }

    private func adding(
        to id: AnnouncementID, form: SightingForm, photo: UploadedPhoto?, language: String, client: String,
        timeZone: TimeZone, sightingID: String?
    ) async throws -> Sighting {
        let report = try await store.find(id)
        var photo = photo
        defer { if let photo { photos.discard(photo.file) } }
        if let earlier = try await filed(sightingID, on: id) { return earlier }
        guard report.status == .missing, report.moderation == .visible else { throw SightingError.reportNotOpen }
        let valid = try form.validate(now: now(), timeZone: timeZone).get()
        try await BlockList(store: store, now: now).check(email: valid.email, client: client)
        if let upload = photo, upload.size == 0 {
            photos.discard(upload.file)
            photo = nil
        }
        let type = try photo.map { upload throws(SightingError) in
            guard let type = ImageType.detect(upload.head) else { throw .photoWrongType }
            return type
        }
        try await spendBudgets(on: id, client: client)
        // Markup is stripped from notes as from report text, so no reader (API or e-mail) gets it back.
        let note = valid.note.map { TextSanitizer.stripTags($0).trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        var sighting = Sighting(
            id: sightingID ?? UUID().uuidString.lowercased(), reportID: id, seenAt: valid.seenAt, location: valid.location, note: note,
            createdAt: AnnouncementService.millisecondPrecision(now()))
        // "Tell me when it is found" may name a stranger's address: it is kept once a day per mailbox.
        var watcher = valid.email.map { SightingWatcher(email: $0, language: language) }
        if let email = watcher?.email, !(await lockout.allowsUnasked(LockoutPolicy.unaskedWatch, to: email)) { watcher = nil }
        var file: String?
        if let upload = photo, let type {
            let name = Sighting.photoPrefix + sighting.id
            file = try await photos.install(upload.file, for: name, type: type)
            photo = nil
            sighting.photoURL = "\(APIPath.images)/\(PhotoStorage.fileName(for: name, type: type))"
        }
        do {
            try await store.addSighting(sighting, photoFile: file, watcher: watcher, noticeGap: Self.noticeGap)
        } catch {
            // A copy of this queued sighting sent to another instance was filed meanwhile: that one stands.
            let earlier = try? await filed(sightingID, on: id)
            if earlier?.photoURL != sighting.photoURL { await photos.remove(file: file) }
            if let earlier { return earlier }
            throw error
        }
        notifier?.doorbell.ring()
        await history?.note(client, at: sighting.createdAt)
        return sighting
    }

    /// A network's first sighting of a report in the window is always taken, so no flood from elsewhere
    /// silences a finder; past it, its sightings share the report's budget. Each client has its own too.
    private func spendBudgets(on id: AnnouncementID, client: String) async throws {
        let first = await lockout.take(LockoutPolicy.sightingNetworkReport, "\(id.rawValue)|\(ClientKey.network(of: client))")
        do {
            let shared = first == nil ? [(LockoutPolicy.sightingReport, id.rawValue)] : []
            try await lockout.spend([(LockoutPolicy.sightingClient, client)] + shared, on: .sighting)
        } catch {
            if let first { await lockout.giveBack(first) }
            throw error
        }
    }

    /// The report sightings are added to, as stored (the caller checks it is open and public).
    func report(_ id: AnnouncementID) async throws -> Announcement { try await store.find(id) }

    /// The report's visible sightings, newest first (`StoreError.notFound` for no such report).
    func list(of id: AnnouncementID) async throws -> [Sighting] {
        guard try await store.find(id).moderation == .visible else { throw ModerationError.underReview }
        return try await visible(of: id)
    }

    /// The sightings the public sees, for a report the caller already holds (no second read of it). A
    /// note that asks for money or a code (a scam aimed at the owner, who is warned of it) is left out.
    func visible(of id: AnnouncementID) async throws -> [Sighting] {
        try await store.sightings(of: id, includeHidden: false).map { sighting in
            var shown = sighting
            if ScamNotes.shared.asksForMoney(sighting) { shown.note = nil }
            return shown
        }
    }

    /// A missing report's search answers and searched areas, for its public page's likely area.
    func whereToLook(of id: AnnouncementID) async throws -> (answers: SearchAnswers, areas: [SearchedArea]) {
        try await store.whereToLook(of: id)
    }

    /// The sighting filed under a queued sighting's id before, if any.
    private func filed(_ sightingID: String?, on id: AnnouncementID) async throws -> Sighting? {
        guard let sightingID else { return nil }
        return try await store.sightings(of: id, includeHidden: true).first { $0.id == sightingID }
    }

    /// Every sighting, hidden ones too: for the owner, after the code.
    func all(of id: AnnouncementID) async throws -> [Sighting] {
        try await store.sightings(of: id, includeHidden: true)
    }

    /// Hides or shows a sighting: for the owner, after the code.
    func setHidden(_ sightingID: String, of id: AnnouncementID, hidden: Bool) async throws {
        try await store.setSightingHidden(sightingID, of: id, hidden: hidden)
    }

    /// The file behind `/images/sighting-<id>.<ext>`, when a visible sighting names it.
    func photoFile(sightingID: String, url: String, includeHidden: Bool = false) async throws -> String? {
        try await store.sightingPhotoFile(sightingID, url: url, includeHidden: includeHidden)
    }
}

extension ReportNotifier {
    /// Sends the owner one e-mail about the sightings not told yet, and marks them told (the outbox
    /// worker's `sighting-notice` entries). Past the mailbox's daily cap the notice waits until it frees,
    /// the sightings untold (later ones join it).
    func sendSightingNotice(_ entry: OutboxEntry) async throws {
        let id = AnnouncementID(entry.payload)
        let report = try? await store.find(id)
        let new = report == nil ? [] : try await store.sightingsToNotify(of: id)
        var places: [PlaceLabel?] = []
        for sighting in new { places.append(await self.places.publicLabel(for: sighting.location)) }
        let mail = report.flatMap { mails.sightings(new, of: $0, places: places, baseURL: baseURL) }
        if let to = mail?.to, let frees = await lockout?.unaskedDeferral(LockoutPolicy.unaskedSighting, to: to) {
            // Never sooner than a minute: a clock that disagrees cannot make the worker spin on it.
            let retry = max(frees, now().addingTimeInterval(60))
            return try await store.failOutbox(entry.id, error: "the mailbox's daily cap of sighting notices", retryAt: retry)
        }
        _ = try await store.completeSightingNotice(
            entry.id, report: id, told: new.map(\.id), mail: try mail.map(email),
            at: now(), noticeGap: SightingService.noticeGap)
        doorbell.ring()
    }

    /// Tells those who saw the pet and asked that it is home; their addresses are deleted.
    func tellWatchers(_ report: Announcement) async throws {
        let baseURL = baseURL, now = now, mails = mails
        try await store.takeSightingWatchers(of: report.id) { watchers in
            // One word per address (as written, case aside: dot and `+tag` variants may be other people),
            // however many sightings named it.
            var seen = Set<String>()
            return try watchers.filter { seen.insert($0.email.lowercased()).inserted }.map { watcher in
                try Self.entry(mails.foundAgain(report, watcher: watcher, baseURL: baseURL), at: now())
            }
        }
        doorbell.ring()
    }
}
