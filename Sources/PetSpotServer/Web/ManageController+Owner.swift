import Foundation
import HTTPTypes
import Hummingbird
import PetSpotDomain
import PetSpotWeb

/// The owner's view: what a right code (or a grant, or a redeemed link) opens. Every change the owner
/// makes comes back here with its notice, so the next change needs no code for the grant's lifetime.
extension ManageController {
    func ownerView(
        _ report: Announcement, grant: String, errorKey: String? = nil, noticeKey: String? = nil,
        status: HTTPResponse.Status = .ok, searchedForm: [String: String] = [:], request: Request, session: WebSession
    ) async throws -> Response {
        let id = report.id
        let strings = Strings(session.language)
        let all = try await sightings.all(of: id)
        var labels: [PlaceLabel?] = []
        for sighting in all { labels.append(await pages.places.label(for: sighting.location)) }
        var view = ManagePage.Owner(
            grant: grant, privateDetails: try await service.privateDetails(of: id),
            matches: try await service.matches(for: report),
            sightings: SightingItem.timeline(all, places: labels, strings: strings, forOwner: true),
            isStale: try await checkIns.isStale(id), messages: try await service.relayedMessages(of: id))
        view.today = plans.today()
        view.timeZone = await pages.places.label(for: report.location)?.timeZone
        if report.status == .missing {
            view.planState = try await plans.state(of: id)
            view.directory = try await plans.directory()
            view.searchedAreas = try await plans.searchedAreas(of: id)
            for area in view.searchedAreas { view.searchedLabels.append(await pages.places.label(for: area.center)) }
            view.tiles = pages.mapTiles
            view.searchedForm = searchedForm
        }
        let page = ManagePage(report, errorKey: errorKey, owner: view, noticeKey: noticeKey, csrf: session.csrfToken, strings: strings)
        return pages.render(page, request: request, session: session, status: status)
    }
}
