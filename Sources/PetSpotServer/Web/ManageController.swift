import Foundation
import HTTPTypes
import Hummingbird
import PetSpotDomain
import PetSpotStore
import PetSpotWeb

/// `/manage/{id}`: the owner enters the management code; a right one opens the owner's view (private
/// details, matches) and earns a signed grant that the next forms carry: edit, reunite or reopen,
/// remove (the last two after a confirmation step). Wrong codes count toward the server's lock-out
/// like the API's.
struct ManageController: Sendable {
    let pages: WebPages
    let service: AnnouncementService
    let photoReader: MultipartPhotoReader
    let sightings: SightingService
    let checkIns: CheckInService
    let plans: SearchPlanService
    var links: OwnerLinks { OwnerLinks(service: service, tokens: checkIns.tokens) }

    func register(on router: some RouterMethods<PetSpotRequestContext>) {
        router.get(.manage()) { request, context in
            let session = pages.session(request)
            let report = try await service.find(AnnouncementID(context.parameters.get("id") ?? ""))
            return pages.render(ManagePage(report, csrf: session.csrfToken, strings: Strings(session.language)),
                                request: request, session: session)
        }
        router.post(.manage()) { request, context in
            try await manage(request, context: context, session: pages.session(request))
        }
        router.post(.managePhoto()) { request, context in
            try await replacePhoto(request, context: context, session: pages.session(request))
        }
        registerOwnerLinks(on: router)
    }

    /// The owner's view and actions, behind the code, a grant, or (`viaLink`) a redeemed owner link.
    func manage(_ request: Request, context: PetSpotRequestContext, session: WebSession, linkForm: [String: String]? = nil) async throws
        -> Response {
        let viaLink = linkForm != nil
        var form = linkForm ?? [:]
        if linkForm == nil { form = try await WebPages.form(request, session: session) }
        let id = AnnouncementID(context.parameters.get("id") ?? "")
        let report = try await service.find(id)
        let strings = Strings(session.language)
        func failed(_ key: String, _ status: HTTPResponse.Status) -> Response {
            pages.render(ManagePage(report, errorKey: key, csrf: session.csrfToken, strings: strings),
                         request: request, session: session, status: status)
        }
        if !viaLink, !ManageGrant.accepts(form["grant"], for: id, session: session, keys: pages.sessionKeys) {
            let code = (form["code"] ?? "").trimmingCharacters(in: .whitespaces)
            guard !code.isEmpty else { return failed(form["grant"] == nil ? "codeRequired" : "grantExpired", .badRequest) }
            do {
                try await service.authorize(id, password: code, client: context.clientAddress)
            } catch AccessError.locked {
                return failed("codeLocked", .tooManyRequests)
            } catch AccessError.wrongSecret {
                return failed("codeWrong", .forbidden)
            }
        }
        let grant = ManageGrant.make(for: id, session: session, keys: pages.sessionKeys)
        func owner(_ report: Announcement, errorKey: String? = nil, noticeKey: String? = nil, status: HTTPResponse.Status = .ok) async throws
            -> Response {
            try await ownerView(report, grant: grant, errorKey: errorKey, noticeKey: noticeKey, status: status, request: request, session: session)
        }
        switch form["action"] {
        case ManagePage.Change.delete.confirmed:
            try await service.delete(id)
            return pages.message(.deletedTitle, .deletedBody, status: .ok, request: request, session: session)
        case ManagePage.Change.reunite.confirmed where report.status != .closed:
            return try await owner(try await service.update(id, changes: AnnouncementChanges(status: .closed)), noticeKey: "reunitedDone")
        case "reopen" where report.status == .closed:
            do {
                let kind = try await service.privateDetails(of: id).reportedAs
                return try await owner(try await service.update(id, changes: AnnouncementChanges(status: kind)), noticeKey: "reopenedDone")
            } catch StoreError.conflict {
                return try await owner(report, errorKey: "chipTaken", status: .conflict)
            }
        case "add-email":
            let email = (form["email"] ?? "").trimmingCharacters(in: .whitespaces)
            guard email.count <= 254, ContactRules.isValidEmail(email) else { return try await owner(report, errorKey: "errorEmail", status: .badRequest) }
            try await service.addEmail(email, to: id)
            return try await owner(try await service.find(id), noticeKey: "addEmailDone")
        case "search-answers" where report.status == .missing:
            // The answers that fit the species; anything else the form sends is no answer (issue 29).
            var typed = ReportForm(kind: .missing)
            for field in [ReportForm.Field.lifestyle, .temperament, .newToArea] { typed[field] = form[field.rawValue] ?? "" }
            try await plans.saveAnswers(typed.searchAnswers, of: report)
            return try await owner(report, noticeKey: "planAnswersSaved")
        case "plan-done" where report.status == .missing:
            try await plans.saveDone(SearchPlanService.ticked(form), of: report)
            return try await owner(report, noticeKey: "planDoneSaved")
        case "searched-add" where report.status == .missing:
            guard let area = SearchedAreasView.area(from: form, today: plans.today()) else {
                return try await owner(report, errorKey: "searchedInvalid", status: .badRequest)
            }
            do {
                try await plans.addSearchedArea(area, to: id)
            } catch StoreError.conflict {
                return try await owner(report, errorKey: "searchedLimit", status: .conflict)
            }
            return try await owner(report, noticeKey: "searchedAdded")
        case "searched-remove":
            try await plans.removeSearchedArea(form["area"] ?? "", of: id)
            return try await owner(report)
        case "keep-listed":
            try await checkIns.keepListed(id)
            return try await owner(report)
        case "hide-sighting", "show-sighting":
            try await sightings.setHidden(form["sighting"] ?? "", of: id, hidden: form["action"] == "hide-sighting")
            return try await owner(report)
        case "edit":
            return pages.render(EditPage(report, grant: grant, csrf: session.csrfToken, strings: strings), request: request, session: session)
        case "save":
            return try await save(report, form: form, grant: grant, request: request, session: session)
        case let action? where ManagePage.Change(rawValue: action) != nil:
            // Reuniting and removing are asked about first, so a stray click changes nothing.
            let page = ManagePage(report, owner: ManagePage.Owner(grant: grant, privateDetails: PrivateDetails(reportedAs: .missing), matches: []),
                                  confirming: ManagePage.Change(rawValue: action), csrf: session.csrfToken, strings: strings)
            return pages.render(page, request: request, session: session)
        default:
            // The code form's first button, and what Enter in the code field does: open, change nothing.
            return try await owner(report)
        }
    }
}
