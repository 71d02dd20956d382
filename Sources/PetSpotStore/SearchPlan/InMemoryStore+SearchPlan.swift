import Foundation
import PetSpotDomain

/// The search plan in memory: the same contract.
extension InMemoryStore {
    private func report(_ id: AnnouncementID) throws -> Announcement {
        guard let entry = announcements[id] else { throw StoreError.notFound }
        return entry.announcement
    }

    public func searchPlanState(of id: AnnouncementID) throws -> SearchPlanState {
        _ = try report(id)
        return searchPlans[id] ?? SearchPlanState()
    }

    public func markPlanStep(_ step: SearchPlanStep, doneOn day: String?, of id: AnnouncementID) throws {
        _ = try report(id)
        searchPlans[id, default: SearchPlanState()].done[step] = day
    }

    public func setPlanMail(off: Bool, of id: AnnouncementID) throws {
        _ = try report(id)
        searchPlans[id, default: SearchPlanState()].mailOff = off
    }

    public func searchPlansDue(today: ReportDate, limit: Int) throws -> [SearchPlanDue] {
        let since = ReportDate.adding(-LikelyArea.Band.followedDays, to: today).text
        return announcements.values.map(\.announcement).filter { report in
            guard report.status == .missing, report.lastSeenDate >= since, report.lastSeenDate <= today.text else { return false }
            let reached = searchPlans[report.id]?.band?.rawValue ?? -1
            return reached < SearchPlanSchema.band(of: report, today: today).rawValue
        }
        .sorted { ($0.lastSeenDate, $0.id.rawValue) > ($1.lastSeenDate, $1.id.rawValue) }
        .prefix(max(1, limit))
        .map { report in
            SearchPlanDue(
                report: report, answers: (try? privateDetails(of: report.id))?.searchAnswers ?? SearchAnswers(),
                state: searchPlans[report.id] ?? SearchPlanState())
        }
    }

    public func advanceSearchPlan(_ id: AnnouncementID, to band: LikelyArea.Band, outbox: [OutboxEntry]) throws -> Bool {
        _ = try report(id)
        var state = searchPlans[id] ?? SearchPlanState()
        guard (state.band?.rawValue ?? -1) < band.rawValue else { return false }
        state.band = band
        searchPlans[id] = state
        enqueue(outbox)
        return true
    }

    public func whereToLook(of id: AnnouncementID) throws -> (answers: SearchAnswers, areas: [SearchedArea]) {
        (try privateDetails(of: id).searchAnswers, searchedAreas(of: id))
    }

    public func searchedAreas(of id: AnnouncementID) -> [SearchedArea] {
        (searchedAreaRows[id] ?? []).enumerated().sorted { ($0.element.searchedOn, $0.offset) > ($1.element.searchedOn, $1.offset) }.map(\.element)
    }

    public func addSearchedArea(_ area: SearchedArea, to id: AnnouncementID) throws {
        _ = try report(id)
        guard (searchedAreaRows[id]?.count ?? 0) < SearchedArea.limit else { throw StoreError.conflict(field: "area") }
        searchedAreaRows[id, default: []].append(area)
    }

    public func removeSearchedArea(_ areaID: String, of id: AnnouncementID) -> Bool {
        guard let index = searchedAreaRows[id]?.firstIndex(where: { $0.id == areaID }) else { return false }
        searchedAreaRows[id]?.remove(at: index)
        return true
    }

    public func replaceDirectory(_ places: [DirectoryPlace]) {
        directory = places
    }

    public func directoryPlaces() -> [DirectoryPlace] { directory }
}
