import Foundation
import PetSpotDomain

/// The web app's route table: every page, form action, e-mailed link and asset. The router registers
/// each route's `pattern` (`WebRoute.registered` lists one of each), and every link, redirect and
/// e-mailed URL is its `path`; a test holds the router's pages against this table.
public enum WebRoute: Sendable, Equatable {
    case home
    case lostPets(filter: ListFilter = ListFilter(), after: String? = nil)
    case details(id: String = "")
    case flyer(id: String = "")
    /// "Send a message to the owner/finder".
    case relay(id: String = "")
    /// Where a message kept on a phone without signal is sent later (no form token: see `sendReport`).
    case relaySend(id: String = "")
    /// The form to add a sighting to a missing report.
    case sighting(id: String = "")
    /// Where a sighting kept on a phone without signal is sent later (no form token: see `sendReport`).
    case sightingSend(id: String = "")
    /// Nearby alerts: the subscription form, and a subscription's e-mailed links.
    case alerts
    /// Search by photo: a photo in, the reports nearby whose photos look most like it out.
    case photoSearch
    case alert(id: String = "", token: String = "")
    case alertConfirm(id: String = "", token: String = "")
    case alertUnsubscribe(id: String = "", token: String = "")
    /// The reporter's answer to "still missing?".
    case checkIn(id: String = "", answer: String = "", sequence: Int = 0, token: String = "")
    /// "Report a problem" with a report or one of its sightings, and the owner's e-mailed "this message
    /// is a scam".
    case flagReport(id: String = "")
    case flagSighting(id: String = "", sighting: String = "")
    case flagMessage(id: String = "", token: String = "")
    /// "My reports": asking for the link, the e-mailed link, the address's page and its actions.
    case myReports
    case myReportsOpen(nonce: String = "", token: String = "")
    case myReportsList
    case myReportsCode(id: String = "")
    case myReportsWatch(id: String = "")
    case myReportsSignOut
    /// The owner's e-mailed search plan: the day's steps to tick, and the one-click stop.
    case plan(id: String = "", token: String = "")
    case planStop(id: String = "", token: String = "")
    /// The flyers' short link: the first eight characters of the id.
    case short(id: String = "")
    case manage(id: String = "")
    /// The owner's way in without the code: asking for the link, and the link itself.
    case manageSendLink(id: String = "")
    case manageLink(id: String = "", expiry: Int = 0, nonce: String = "", token: String = "")
    /// The owner's photo upload (multipart, so the form token and the grant travel in the query).
    case managePhoto(id: String = "", token: String = "", grant: String = "")
    /// One of the owner's changes (`OwnerAction`).
    case ownerAction(id: String = "", OwnerAction)
    case flowStart(ReportFlow)
    case step(ReportFlow, ReportFlow.Step)
    case cancel(ReportFlow)
    case removePhoto(ReportFlow)
    case draftPhoto(ReportFlow)
    case finish(ReportFlow)
    /// The whole flow on one page, kept on the phone by the service worker for filing without signal.
    case offlineReport(ReportFlow)
    /// Where a report filed on that page is sent, at once or later from the phone's queue.
    case sendReport(ReportFlow)
    case language(Language = .en, back: String = "/")
    case asset(String = "")
    /// The site's icon, the web app manifest, the service worker (at the root to serve every page), help and
    /// contact; the old web app's `/found-pets` (the list's found reports) and `/account` ("My reports").
    case favicon, manifest, serviceWorker, help, foundPets, account

    /// One of each route, as the router registers them.
    public static var registered: [WebRoute] {
        [
            .home, .lostPets(), .details(), .flyer(), .relay(), .relaySend(), .sighting(), .sightingSend(), .alerts, .alert(), .alertConfirm(),
            .alertUnsubscribe(),
            .checkIn(), .flagReport(), .flagSighting(), .flagMessage(), .myReports, .myReportsOpen(),
            .myReportsList, .myReportsCode(), .myReportsWatch(), .myReportsSignOut, .plan(), .planStop(), .short(), .manage(), .manageSendLink(), .manageLink(),
            .managePhoto(),
            .language(), .asset(), .favicon, .manifest, .serviceWorker, .photoSearch, .help, .foundPets, .account,
        ]
            + OwnerAction.allCases.map { .ownerAction($0) }
            + ReportFlow.allCases.flatMap { [.flowStart($0), .step($0, $0.steps[0]), .removePhoto($0), .draftPhoto($0)] }
    }

    /// The router's pattern: `:id`, `:short`, `:step` and `:name` stand where the values go.
    public var pattern: String {
        switch self {
        case .home: "/"
        case .lostPets: "/lost-pets"
        case .foundPets: "/found-pets"
        case .help: "/contact"
        case .account: "/account"
        case .details: "/lost-pets/:id"
        case .flyer: "/lost-pets/:id/flyer"
        case .relay: "/lost-pets/:id/message"
        case .sighting: "/lost-pets/:id/sighting"
        case .sightingSend: "/lost-pets/:id/sighting/send"
        case .relaySend: "/lost-pets/:id/message/send"
        case .alerts: "/alerts"
        case .photoSearch: "/photo-search"
        case .alert: "/alerts/:id"
        case .alertConfirm: "/alerts/:id/confirm"
        case .alertUnsubscribe: "/alerts/:id/unsubscribe"
        case .checkIn: "/check-in/:id"
        case .flagReport: "/lost-pets/:id/flag"
        case .flagSighting: "/lost-pets/:id/sightings/:sighting/flag"
        case .flagMessage: "/messages/:id/flag"
        case .myReports: "/my-reports"
        case .myReportsOpen: "/my-reports/open/:id"
        case .myReportsList: "/my-reports/mine"
        case .myReportsCode: "/my-reports/reports/:id/code"
        case .myReportsWatch: "/my-reports/watches/:id/stop"
        case .myReportsSignOut: "/my-reports/sign-out"
        case .plan: "/plan/:id"
        case .planStop: "/plan/:id/stop"
        case .short: "/p/:short"
        case .manage: "/manage/:id"
        case .managePhoto: "/manage/:id/photo"
        case .ownerAction(_, let action): "/manage/:id/" + action.rawValue
        case .manageSendLink: "/manage/:id/send-link"
        case .manageLink: "/manage/:id/link"
        case .flowStart(let flow): flow.basePath
        // Cancel and finish are steps' posts: the step route takes them.
        case .step(let flow, _), .cancel(let flow), .finish(let flow), .offlineReport(let flow), .sendReport(let flow): "\(flow.basePath)/:step"
        case .removePhoto(let flow): "\(flow.basePath)/photo-remove"
        case .draftPhoto(let flow): "\(flow.basePath)/photo-preview"
        case .language: "/language"
        case .asset: "/static/:name"
        case .favicon: "/favicon.ico"
        case .manifest: "/manifest.webmanifest"
        case .serviceWorker: "/sw.js"
        }
    }

    /// The path with its query, percent-encoded: the pattern with its values.
    public var path: String {
        switch self {
        case .lostPets(let filter, let after): return Self.withQuery(pattern, filter.queryItems + [("after", after)])
        case .details(let id), .flyer(let id), .relay(let id), .relaySend(let id), .sighting(let id), .sightingSend(let id), .manage(let id),
            .manageSendLink(let id), .ownerAction(let id, _),
            .flagReport(let id), .myReportsCode(let id), .myReportsWatch(let id):
            return fill(":id", id)
        case .myReportsOpen(let nonce, let token): return Self.withQuery(fill(":id", nonce), [("token", token)])
        case .flagSighting(let id, let sighting):
            return fill(":id", id).filling(":sighting", with: Self.segment(sighting))
        case .flagMessage(let id, let token): return Self.withQuery(fill(":id", id), [("token", token)])
        case .manageLink(let id, let expiry, let nonce, let token):
            return Self.withQuery(fill(":id", id), [("e", String(expiry)), ("n", nonce), ("token", token)])
        case .alert(let id, let token), .alertConfirm(let id, let token), .alertUnsubscribe(let id, let token), .plan(let id, let token),
            .planStop(let id, let token):
            return Self.withQuery(fill(":id", id), [("token", token)])
        case .checkIn(let id, let answer, let sequence, let token):
            return Self.withQuery(fill(":id", id), [("answer", answer), ("n", String(sequence)), ("token", token)])
        case .short(let id): return fill(":short", String(id.prefix(8)))
        case .managePhoto(let id, let token, let grant): return Self.withQuery(fill(":id", id), [("token", token), ("grant", grant)])
        case .step(let flow, let step): return fill(":step", flow.slug(step))
        case .cancel: return fill(":step", "cancel")
        case .finish: return fill(":step", "finish")
        case .offlineReport: return fill(":step", "offline")
        case .sendReport: return fill(":step", "send")
        case .language(let language, let back): return Self.withQuery(pattern, [("lang", language.rawValue), ("back", back)])
        case .asset(let name): return fill(":name", name)
        case .home, .alerts, .photoSearch, .flowStart, .removePhoto, .draftPhoto, .myReports, .myReportsList, .myReportsSignOut, .favicon, .manifest,
            .serviceWorker, .help,
            .foundPets,
            .account:
            return pattern
        }
    }

    private func fill(_ placeholder: String, _ value: String) -> String {
        pattern.filling(placeholder, with: Self.segment(value))
    }
}
