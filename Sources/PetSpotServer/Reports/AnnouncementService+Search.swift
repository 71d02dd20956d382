import Foundation
import PetSpotStore

extension AnnouncementService {
    /// Names the place of, and indexes the words of, reports filed before search kept them, up to
    /// `batches` batches of 200; how many.
    func indexBacklog(batches: Int = .max) async throws -> Int {
        let places = places ?? PlaceDirectory()
        var count = 0
        for _ in 0..<batches {
            let batch = try await store.reportsWithoutSearchWords(limit: 200)
            if batch.isEmpty { break }
            for report in batch { try await store.setPlaceName(await places.publicLabel(for: report.location)?.name, of: report.id) }
            count += batch.count
        }
        return count
    }
}
