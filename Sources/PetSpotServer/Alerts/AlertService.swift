import Foundation
import PetSpotDomain
import PetSpotRoutes
import PetSpotStore

/// Why an alert request was not taken, in domain terms.
public enum AlertError: Error, Equatable, Sendable {
    /// The link's token is not the server's for this subscription (or it is gone).
    case invalidLink
}

/// Nearby alerts: subscribe with double opt-in, confirm, change, unsubscribe; and for the
/// outbox worker, the alerts a newly visible report causes and the digests.
public struct AlertService: Sendable {
    /// The stores it needs, and no more.
    typealias Stores = AlertStore & AnnouncementStore & ModerationStore & OutboxStore
    let store: any Stores
    let notifier: ReportNotifier
    let tokens: KeyedTokens
    let lockout: LockoutPolicy
    /// Instant e-mails one subscription gets a day; the rest of the day's reports go into its digest.
    let dailyCap: Int
    let now: @Sendable () -> Date
    /// When the daily digests go, in hours after midnight UTC.
    static let digestHour = 18
    static let defaultDailyCap = 10

    /// Deletes unconfirmed subscriptions, with their addresses, once they are 48 hours old; how many.
    func expireUnconfirmed() async throws -> Int {
        try await store.expireSubscriptions(createdBefore: now().addingTimeInterval(-AlertSubscription.confirmationLifetime))
    }

    func links(_ id: String) -> AlertLinks {
        let manage = tokens.token("manage", id)
        return AlertLinks(
            confirm: notifier.baseURL + WebRoute.alertConfirm(id: id, token: tokens.token("confirm", id)).path,
            manage: notifier.baseURL + WebRoute.alert(id: id, token: manage).path,
            unsubscribe: notifier.baseURL + WebRoute.alertUnsubscribe(id: id, token: manage).path)
    }

    /// A new subscription, unconfirmed, with its confirmation e-mail queued. Limited per client and per
    /// address, so the form cannot be used to flood someone's inbox. Throws `AlertProblems` or `AccessError.tooMany`.
    func subscribe(_ form: AlertForm, placeName: String?, language: String, client: String) async throws -> AlertSubscription {
        let subscription = try form.validate(placeName: placeName, language: language, now: now()).get()
        let mailbox = ContactRules.mailboxKey(subscription.email)
        try await BlockList(store: store, now: now).check(email: subscription.email, client: client)
        try await lockout.spend([(LockoutPolicy.alertClient, client), (LockoutPolicy.alertAddress, mailbox)], on: .alertRequest)
        // The confirmation goes to an address that has not yet said it wants anything: once a day.
        let confirm = await lockout.allowsUnasked(LockoutPolicy.unaskedAlert, to: subscription.email)
        let mail = notifier.mails.alertConfirmation(subscription, links: links(subscription.id))
        try await store.createSubscription(subscription, outbox: confirm ? [try notifier.email(mail)] : [])
        notifier.doorbell.ring()
        return subscription
    }

    /// The subscription a link's token opens; `AlertError.invalidLink` otherwise.
    func subscription(_ id: String, token: String?, purpose: String = "manage") async throws -> AlertSubscription {
        guard tokens.accepts(token, purpose, id) else { throw AlertError.invalidLink }
        do { return try await store.subscription(id) } catch StoreError.notFound { throw AlertError.invalidLink }
    }

    func confirm(_ id: String, token: String?) async throws -> AlertSubscription {
        _ = try await subscription(id, token: token, purpose: "confirm")
        return try await store.confirmSubscription(id, at: now())
    }

    /// Changes where, how far, what and how often, from the same form (the address stays).
    func update(_ id: String, token: String?, form: AlertForm, placeName: String?) async throws -> AlertSubscription {
        let current = try await subscription(id, token: token)
        var changed = form
        changed.email = current.email
        var updated = try changed.validate(placeName: placeName, language: current.language, now: now()).get()
        updated.id = current.id
        updated.createdAt = current.createdAt
        updated.confirmedAt = current.confirmedAt
        try await store.updateSubscription(updated)
        if updated.center != current.center || updated.radiusKm != current.radiusKm { try await tellMoved(updated) }
        return updated
    }

    func unsubscribe(_ id: String, token: String?) async throws {
        guard tokens.accepts(token, "manage", id) else { throw AlertError.invalidLink }
        do { try await store.deleteSubscription(id) } catch StoreError.notFound { throw AlertError.invalidLink }
    }

    /// A confirmed subscription's address hears that it now covers another area (at most `alertNotice` a
    /// day): the token that moves it is the one the subscribing answer gave, and whoever subscribed a
    /// stranger's address holds it (found by an attacker's audit). Stopping sends nothing: the address is
    /// deleted with it.
    private func tellMoved(_ subscription: AlertSubscription) async throws {
        guard subscription.confirmedAt != nil, await lockout.allowsUnasked(LockoutPolicy.alertNotice, to: subscription.email) else { return }
        try await notifier.relay(notifier.mails.alertChanged(subscription, links: links(subscription.id)))
    }

    /// The start of the UTC day of `date`, and the time that day's digest goes (tomorrow's, past it).
    static func day(of date: Date) -> (start: Date, digest: Date) {
        let start = Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400)
        let digest = start.addingTimeInterval(Double(digestHour) * 3600)
        return (start, digest > date ? digest : digest.addingTimeInterval(86_400))
    }
}

extension ReportNotifier {
    /// The alert scan of a report that just became visible.
    func alertScan(for id: AnnouncementID) -> OutboxEntry {
        OutboxEntry(kind: .alertScan, payload: id.rawValue, createdAt: now())
    }
}

extension AlertService {
    /// Tells every confirmed subscription whose area covers the report, once (the worker's `alert-scan`).
    func scan(_ entry: OutboxEntry) async throws {
        let id = AnnouncementID(entry.payload)
        let current = now()
        if let report = try? await store.find(id), report.status != .closed, report.photoURL != nil, report.moderation == .visible {
            let place = await notifier.places.publicLabel(for: report.location)
            let day = Self.day(of: current)
            // A missing pet's likely area on the day of the scan; a found pet is where it is.
            let answers = report.status == .missing ? try await store.privateDetails(of: report.id).searchAnswers : SearchAnswers()
            let scanDay = ReportDate(utc: entry.createdAt)
            let reach = Self.likelyAreaKm(of: report, answers: answers, on: scanDay)
            // Only subscriptions confirmed before the report became visible (when this scan was queued).
            // When the area grows (`area-scan`), those it reaches now; one confirmed after the report was
            // filed only when the area had not reached it the day before.
            let before = entry.kind == .areaScan ? Self.likelyAreaKm(of: report, answers: answers, on: ReportDate.adding(-1, to: scanDay)) : reach
            let covering = try await store.subscriptions(covering: PublicArea(around: report.location).center, within: reach).filter { subscription in
                let confirmed = subscription.confirmedAt ?? .distantFuture
                return subscription.covers(report, within: reach) && confirmed <= entry.createdAt
                    && (entry.kind == .alertScan || confirmed <= report.createdAt || !subscription.covers(report, within: before))
            }
            let deliveries = try covering.map { subscription in
                AlertDelivery(
                    subscriptionID: subscription.id,
                    instantMail: try notifier.email(
                        notifier.mails.alert(
                            report, place: place, for: subscription,
                            links: links(subscription.id), baseURL: notifier.baseURL)),
                    digestAt: day.digest)
            }
            _ = try await store.recordAlerts(report: id, deliveries: deliveries, cap: dailyCap, dayStart: day.start, at: current)
        }
        _ = try await store.completeOutbox(entry.id, at: current, notices: [])
        notifier.doorbell.ring()
    }

    /// The outer ring of a missing report's likely area on `day`, in km (0 for a found report).
    static func likelyAreaKm(of report: Announcement, answers: SearchAnswers, on day: ReportDate) -> Double {
        guard report.status == .missing else { return 0 }
        let days = SearchPlan.daysGone(lastSeen: report.lastSeenDate, today: day)
        return Double(LikelyArea.of(species: report.species, answers: answers, daysGone: days).outerMeters) / 1000
    }

    /// Sends a subscription's digest of the reports waiting for it (the worker's `alert-digest`).
    func digest(_ entry: OutboxEntry) async throws {
        let subscription = try? await store.subscription(entry.payload)
        let waiting = subscription == nil ? [] : try await store.digestReports(entry.payload)
        var reports: [(Announcement, PlaceLabel?)] = []
        for id in waiting {
            guard let report = try? await store.find(id), report.status != .closed, report.moderation == .visible else { continue }
            reports.append((report, await notifier.places.publicLabel(for: report.location)))
        }
        let mail = subscription.flatMap { notifier.mails.alertDigest(reports, for: $0, links: links($0.id), baseURL: notifier.baseURL) }
        _ = try await store.completeDigest(
            entry.id, subscription: entry.payload, reports: waiting, mail: try mail.map(notifier.email),
            at: now())
        notifier.doorbell.ring()
    }
}
