import Foundation
import PetSpotAPI
import PetSpotStore

/// Demo reports for a first look; loaded only into an empty database.
enum DemoData {
    static func load(into service: AnnouncementService, store: any AnnouncementStore) async throws {
        guard try await store.count() == 0 else { return }
    }
}
