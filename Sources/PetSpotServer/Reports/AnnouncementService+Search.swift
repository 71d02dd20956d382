import Foundation
import PetSpotStore

extension AnnouncementService {
    /// Names the place of, and indexes the words of, reports filed before search kept them, a batch at
    /// a time; how many.
    func indexBacklog() async throws -> Int {
        let places = places ?? PlaceDirectory()
        var count = 0
        while case let batch = try await store.reportsWithoutSearchWords(limit: 200), !batch.isEmpty {
            for report in batch { try await store.setPlaceName(await places.label(for: report.location)?.name, of: report.id) }
            count += batch.count
        }
        return count
    }
}
