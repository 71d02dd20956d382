import Foundation
import Logging
import PetSpotDomain
import PetSpotRoutes
import PetSpotStore
import ServiceLifecycle

/// When a check-in link's token does not hold (forged, or already used: each e-mail's links work once).
public enum CheckInError: Error, Equatable, Sendable { case invalidLink }

/// "Still missing?": `first` after a report, then every `every`, its reporter is e-mailed two
/// links, "still missing" and "we are reunited" (which closes the report without the code); both are
/// signed for that one e-mail and work once. A report nobody confirms for `staleAfter` leaves the default
/// lists (kept; its owner lists it again with the code or the next e-mail's link).
public struct CheckInService: Sendable {
    /// The stores it needs, and no more.
    typealias Stores = AnnouncementStore & CheckInStore
    let store: any Stores
    let announcements: AnnouncementService
    let notifier: ReportNotifier
    let tokens: KeyedTokens
    var first: TimeInterval = 7 * 86_400
    var every: TimeInterval = 14 * 86_400
    let now: @Sendable () -> Date
    static let staleAfter: TimeInterval = 90 * 86_400
    /// Reports older than this when check-ins began are never asked (nor taken out of the lists).
    static let lookBack: TimeInterval = 30 * 86_400

    /// The lists' cutoff now: reports last confirmed before it are left out.
    static func listedSince(_ now: Date) -> String { Timestamp.string(now.addingTimeInterval(-staleAfter)) }

    /// The link's signature covers its answer: a forwarded "still missing" link cannot be edited into "reunited".
    func token(_ id: AnnouncementID, _ sequence: Int, _ answer: String) -> String {
        tokens.token("checkin-\(sequence)-\(answer)", id.rawValue)
    }

    /// True when `token` is this link's own (checked before the page asks anything).
    func isSigned(_ id: AnnouncementID, reunited: Bool, sequence: Int, token: String?) -> Bool {
        tokens.accepts(token, "checkin-\(sequence)-\(reunited ? "reunited" : "still")", id.rawValue)
    }

    func link(_ id: AnnouncementID, _ sequence: Int, _ answer: String) -> String {
        notifier.baseURL + WebRoute.checkIn(id: id.rawValue, answer: answer, sequence: sequence, token: token(id, sequence, answer)).path
    }

    /// Queues the due check-ins, one e-mail per address however many of its reports are due (with those
    /// due within the next day, so an address is asked at most once a day); returns how many reports were asked.
    @discardableResult
    func sendDue(limit: Int = 200) async throws -> Int {
        let current = now()
        let service = self
        let sent = try await store.claimCheckIns(
            now: current, first: first, every: every, newSince: current.addingTimeInterval(-first - Self.lookBack),
            window: min(86_400, every / 2), limit: limit
        ) { due in
            try Self.byMailbox(due).compactMap { group in
                try service.notifier.mails.checkIns(group.map { service.question($0, at: current) }, baseURL: service.notifier.baseURL)
                    .map { try ReportNotifier.entry($0, at: current) }
            }
        }
        if sent > 0 { notifier.doorbell.ring() }
        return sent
    }

    /// One report's question: its links, and for a missing pet the day's plan.
    func question(_ item: CheckInDue, at current: Date) -> CheckInQuestion {
        let id = item.report.id
        let plan =
            item.report.status == .missing
            ? DailyPlan(
                answers: item.answers, today: ReportDate(utc: current),
                link: SearchPlanService.planLink(id, tokens: tokens, baseURL: notifier.baseURL)) : nil
        return CheckInQuestion(
            report: item.report, stillMissing: link(id, item.sequence, "still"), reunited: link(id, item.sequence, "reunited"), plan: plan)
    }

    /// The due check-ins grouped by address, in the order the addresses first appear. The address as
    /// written (case aside), never `ContactRules.mailboxKey`: at most providers `jan.kowalski@` and
    /// `jankowalski@` are two people, and each e-mail carries the links that close its reports.
    static func byMailbox(_ due: [CheckInDue]) -> [[CheckInDue]] {
        var groups: [String: Int] = [:]
        var result: [[CheckInDue]] = []
        for item in due {
            let key = (item.report.email ?? "").lowercased()
            if let index = groups[key] {
                result[index].append(item)
            } else {
                groups[key] = result.count
                result.append([item])
            }
        }
        return result
    }

    /// The answer a link carries, once: the report stays listed, or is closed as reunited.
    func answer(_ id: AnnouncementID, reunited: Bool, sequence: Int, token: String?) async throws -> Announcement {
        guard isSigned(id, reunited: reunited, sequence: sequence, token: token),
            try await store.confirmCheckIn(id, sequence: sequence, at: now())
        else { throw CheckInError.invalidLink }
        let report = try await store.find(id)
        guard reunited, report.status != .closed else { return report }
        return try await announcements.update(id, changes: AnnouncementChanges(status: .closed))
    }

    /// True when the report has left the default lists (not confirmed for `staleAfter`).
    func isStale(_ id: AnnouncementID) async throws -> Bool {
        guard let last = try await store.lastConfirmation(of: id) else { return false }
        return Timestamp.string(last) < Self.listedSince(now())
    }

    /// The owner, with the code: the report is listed again.
    func keepListed(_ id: AnnouncementID) async throws {
        _ = try await store.confirmCheckIn(id, sequence: nil, at: now())
    }
}
