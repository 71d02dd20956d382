import Foundation
import PetSpotDomain
import PetSpotStore

/// One photo in several reports: scammers copy a real owner's photo into "found" reports. A new report's look is
/// held against the newest reports' looks; a near-identical one puts the new report in the operators' queue, as
/// a duplicate of the earlier report, with a flag that counts nothing toward a hold (a signal for a person to
/// weigh, never a way to hide a report).
extension LooksService {
    /// The cosine from which two reports' photos count as one photo. In the evaluation (docs/LOOK-ALIKES.md) the same
    /// picture mirrored scored 0.93 or more and relit mostly 0.97, re-cropped half the time over 0.91, while two
    /// different animals never reached 0.73.
    static let reusedFrom = 0.92
    /// The flag's client, as the console shows it.
    static let reuseFlagger = "look-alikes"

    /// Flags `id` when its photo looks the same as one of the newest `reuseWindow` other reports'.
    func flagReusedPhoto(of id: AnnouncementID, look: PhotoLook) async throws {
        let others = try await store.newestReportLooks(limit: reuseWindow).filter { $0.id != id }
        let closest = others.map { (id: $0.id, likeness: look.likeness(to: $0.look)) }.max { $0.likeness < $1.likeness }
        guard let closest, closest.likeness >= Self.reusedFrom else { return }
        let flag = Flag(
            item: FlaggedItem(.report, id.rawValue), reportID: id, client: Self.reuseFlagger, reason: .duplicate,
            detail: "Its photo is the photo of report \(closest.id.rawValue) (likeness \(String(format: "%.2f", closest.likeness)))",
            duplicateOf: closest.id, createdAt: Date(), weight: 0)
        _ = try await store.addFlag(flag, threshold: .max) { _ in [] }
    }
}
