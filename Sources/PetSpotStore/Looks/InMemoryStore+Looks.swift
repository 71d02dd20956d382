import Foundation
import PetSpotDomain

/// Looks in memory: the queue is what has a photo and no look made from that photo.
extension InMemoryStore {
    public func queuedLooks(limit: Int) -> [LookSubject] {
        let reports = photoFiles.map { LookSubject(kind: .report, id: $0.key.rawValue, file: $0.value) }
        let sightings = sightingRows.compactMap { id, row in row.photoFile.map { LookSubject(kind: .sighting, id: id, file: $0) } }
        return (reports + sightings).filter { photoLooks[$0.key]?.file != $0.file }
            .sorted { ($0.kind.rawValue, $0.id) < ($1.kind.rawValue, $1.id) }.prefix(max(1, limit)).map { $0 }
    }

    public func queuedLookCount() -> Int { queuedLooks(limit: .max).count }

    public func saveLook(_ look: PhotoLook?, of subject: LookSubject, outbox: [OutboxEntry]) {
        let current = subject.kind == .report ? photoFiles[AnnouncementID(subject.id)] : sightingRows[subject.id]?.photoFile
        guard current == subject.file else { return }
        photoLooks[subject.key] = (subject.file, look)
        if look != nil { enqueue(outbox) }
    }

    public func looks(ofReports ids: [AnnouncementID]) -> [AnnouncementID: PhotoLook] {
        var looks: [AnnouncementID: PhotoLook] = [:]
        for id in ids {
            guard let kept = photoLooks[LookSubject.Key(kind: .report, id: id.rawValue)], kept.file == photoFiles[id], let look = kept.look
            else { continue }
            looks[id] = look
        }
        return looks
    }
}

extension LookSubject {
    struct Key: Hashable, Sendable {
        let kind: Kind
        let id: String
    }

    var key: Key { Key(kind: kind, id: id) }
}
