import PetSpotDomain
import Synchronization

/// Which sighting notes ask for money, a payment or a code (`ScamSigns`), remembered by sighting: a
/// note never changes, and a report's public page reads every note of its timeline on each view.
final class ScamNotes: Sendable {
    static let shared = ScamNotes()
    /// The most answers kept; past it they are forgotten at once and worked out again.
    static let remembered = 20_000
    private let known = Mutex<[String: Bool]>([:])

    func asksForMoney(_ sighting: Sighting) -> Bool {
        guard let note = sighting.note else { return false }
        if let answer = known.withLock({ $0[sighting.id] }) { return answer }
        let answer = ScamSigns.asksForMoney(note)
        known.withLock { known in
            if known.count >= Self.remembered { known.removeAll(keepingCapacity: true) }
            known[sighting.id] = answer
        }
        return answer
    }
}
