import Foundation
import PetSpotDomain
import PetSpotStore

/// What the owner's manage page reads and changes of the search plan: the answers, the searched areas,
/// the plan's state and the directory.
extension SearchPlanService {
    /// Saves the owner's answers (those that fit the species) and rescans the alerts the area now meets.
    func saveAnswers(_ answers: SearchAnswers, of report: Announcement) async throws {
        try await store.setSearchAnswers(answers.fitting(species: report.species), of: report.id)
        try await answersChanged(report)
    }

    /// `StoreError.conflict` past the report's limit of searched areas.
    func addSearchedArea(_ area: SearchedArea, to id: AnnouncementID) async throws { try await store.addSearchedArea(area, to: id) }

    func removeSearchedArea(_ areaID: String, of id: AnnouncementID) async throws { _ = try await store.removeSearchedArea(areaID, of: id) }

    func searchedAreas(of id: AnnouncementID) async throws -> [SearchedArea] { try await store.searchedAreas(of: id) }

    func state(of id: AnnouncementID) async throws -> SearchPlanState { try await store.searchPlanState(of: id) }

    func directory() async throws -> [DirectoryPlace] { try await store.directoryPlaces() }
}
