import Foundation
import PetSpotDomain
import PetSpotRoutes
import PetSpotStore

/// When a plan link's token does not hold (forged, or the report is closed or gone).
public enum SearchPlanError: Error, Equatable, Sendable { case invalidLink }

/// The owner's search plan over time: as a missing report enters a new days-gone band, its
/// likely area grows (the subscriptions it reaches now are told, `area-scan`) and its owner gets the
/// day's plan by e-mail, at most once a day and only when the steps change, with one-click stop. The
/// plan's "done" ticks, from the manage page or the e-mailed plan page.
public struct SearchPlanService: Sendable {
    /// The stores it needs, and no more.
    typealias Stores = AnnouncementStore & OutboxStore & SearchPlanStore
    let store: any Stores
    let notifier: ReportNotifier
    let tokens: KeyedTokens
    let now: @Sendable () -> Date

    /// The day it is for the plans (UTC, on the server's clock).
    func today() -> ReportDate { ReportDate(utc: now()) }

    /// The signed links to report `id`'s plan page (also in the check-in e-mails) and to its stop.
    static func planLink(_ id: AnnouncementID, tokens: KeyedTokens, baseURL: String, stop: Bool = false) -> String {
        let token = tokens.token("plan", id.rawValue)
        return baseURL + (stop ? WebRoute.planStop(id: id.rawValue, token: token) : WebRoute.plan(id: id.rawValue, token: token)).path
    }

    /// The open missing report a plan link opens; `.invalidLink` otherwise.
    func report(_ id: String, token: String?) async throws -> Announcement {
        guard tokens.accepts(token, "plan", id), let report = try? await store.find(AnnouncementID(id)), report.status == .missing else {
            throw SearchPlanError.invalidLink
        }
        return report
    }

    /// What `report`'s owner is to do today.
    func plan(of report: Announcement) async throws -> DailyPlan {
        DailyPlan(
            answers: try await store.privateDetails(of: report.id).searchAnswers, state: try await store.searchPlanState(of: report.id),
            directory: try await store.directoryPlaces(), today: today(),
            link: Self.planLink(report.id, tokens: tokens, baseURL: notifier.baseURL))
    }

    /// Ticks today's steps in `done` and unticks the others; a step ticked earlier in the same band keeps
    /// its day.
    func saveDone(_ done: Set<String>, of report: Announcement) async throws {
        let answers = try await store.privateDetails(of: report.id).searchAnswers
        let day = today()
        let state = try await store.searchPlanState(of: report.id)
        for step in SearchPlan.steps(species: report.species, answers: answers, daysGone: SearchPlan.daysGone(lastSeen: report.lastSeenDate, today: day)) {
            let wasDone = state.isDone(step, lastSeen: report.lastSeenDate, today: day)
            switch (done.contains(step.rawValue), wasDone) {
            case (true, false): try await store.markPlanStep(step, doneOn: day.text, of: report.id)
            case (false, true): try await store.markPlanStep(step, doneOn: nil, of: report.id)
            default: break
            }
        }
    }

    /// The steps a plan form ticked: its `done-STEP` boxes.
    static func ticked(_ form: [String: String]) -> Set<String> {
        Set(form.keys.filter { $0.hasPrefix("done-") }.map { String($0.dropFirst(5)) })
    }

    func stopMail(_ id: String, token: String?) async throws {
        let report = try await report(id, token: token)
        try await store.setPlanMail(off: true, of: report.id)
    }

    /// The owner changed the answers: the area may be wider now, and the subscriptions it reaches are told.
    func answersChanged(_ report: Announcement) async throws {
        guard report.status == .missing, report.photoURL != nil, report.moderation == .visible else { return }
        try await store.enqueueOutbox([OutboxEntry(kind: .areaScan, payload: report.id.rawValue, createdAt: now())])
        notifier.doorbell.ring()
    }

    /// Moves the plans whose report entered a new band, up to `rounds` batches: queues the area's alert
    /// scan and the plan e-mail. Returns how many due plans it looked at.
    @discardableResult
    func advance(batch: Int = 200, rounds: Int = 50) async throws -> Int {
        let day = today()
        var (moved, seen) = (0, 0)
        var directory: [DirectoryPlace]?
        for _ in 0..<rounds {
            let due = try await store.searchPlansDue(today: day, limit: batch)
            if !due.isEmpty, directory == nil { directory = try await store.directoryPlaces() }
            for plan in due where try await advance(plan, today: day, directory: directory ?? []) { moved += 1 }
            seen += due.count
            if due.count < batch { break }
        }
        if moved > 0 { notifier.doorbell.ring() }
        return seen
    }

    private func advance(_ plan: SearchPlanDue, today day: ReportDate, directory: [DirectoryPlace]) async throws -> Bool {
        let report = plan.report
        let days = SearchPlan.daysGone(lastSeen: report.lastSeenDate, today: day)
        let band = LikelyArea.Band(daysGone: days)
        var outbox: [OutboxEntry] = []
        // Day 0, and the day a report is filed however long ago the pet went: the report's own alert scan
        // has just used today's area, and the owner has the code e-mail with the plan a click away. The
        // band is recorded; the plan is mailed from the next one.
        if band > .firstDay, ReportDate(utc: report.createdAt) != day {
            if report.photoURL != nil, report.moderation == .visible {
                outbox.append(OutboxEntry(kind: .areaScan, payload: report.id.rawValue, createdAt: now()))
            }
            let today = DailyPlan(
                answers: plan.answers, state: plan.state, directory: directory, today: day,
                link: Self.planLink(report.id, tokens: tokens, baseURL: notifier.baseURL))
            if !plan.state.mailOff,
                let mail = notifier.mails.searchPlan(
                    report, plan: today, stop: Self.planLink(report.id, tokens: tokens, baseURL: notifier.baseURL, stop: true),
                    baseURL: notifier.baseURL),
                await notifier.allowsUnasked(LockoutPolicy.unaskedPlan, to: mail.to)
            {
                outbox.append(try notifier.email(mail))
            }
        }
        return try await store.advanceSearchPlan(report.id, to: band, outbox: outbox)
    }
}
