import Foundation
import HTTPTypes
import Hummingbird
import PetSpotDomain
import PetSpotRoutes
import PetSpotStore
import PetSpotWeb

/// `/manage/{id}`: the owner enters the management code; a right one opens the owner's view (private
/// details, matches) and earns a signed grant that the next forms carry, each to its own route
/// (`/manage/{id}/{action}`, `OwnerAction`): edit, reunite or reopen, remove (the last two after a
/// confirmation step). Wrong codes count toward the server's lock-out like the API's.
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
            let report = try await service.find(try context.reportID())
            return pages.render(
                ManagePage(report, csrf: session.csrfToken, strings: Strings(session.language)),
                request: request, session: session)
        }
        router.post(.manage()) { request, context in
            let session = pages.session(request)
            return try await owner(request, context: context, session: session, form: try await WebPages.form(request, session: session)) {
                try await $0.view($0.report)
            }
        }
        for action in OwnerAction.allCases {
            // The address a change was posted to, opened again: the code page.
            router.get(.ownerAction(action)) { request, context in
                HTMLResponse.redirect(to: .manage(id: try context.path("id")), session: pages.session(request))
            }
            router.post(.ownerAction(action)) { request, context in
                let session = pages.session(request)
                return try await owner(request, context: context, session: session, form: try await WebPages.form(request, session: session)) {
                    try await perform(action, $0)
                }
            }
        }
        router.post(.managePhoto()) { request, context in
            try await replacePhoto(request, context: context, session: pages.session(request))
        }
        registerOwnerLinks(on: router)
    }

    /// Runs `act` for the owner: one who holds the grant, typed the right code, or (`viaLink`) redeemed an
    /// owner link. A missing, wrong or locked code gets the code page with its error.
    func owner(
        _ request: Request, context: PetSpotRequestContext, session: WebSession, form: [String: String], viaLink: Bool = false,
        _ act: (OwnerRequest) async throws -> Response
    ) async throws -> Response {
        let id = try context.reportID()
        let report = try await service.find(id)
        func failed(_ key: String, _ status: HTTPResponse.Status) -> Response {
            pages.render(
                ManagePage(report, errorKey: key, csrf: session.csrfToken, strings: Strings(session.language)),
                request: request, session: session, status: status)
        }
        let grant = try await grant(form["grant"], for: id, session: session)
        if !viaLink, !grant.accepted {
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
        // The language switch of an owner's page posts its grant (and, on the edit page, what was typed) back.
        var session = session
        if request.uri.queryParameters["nav"] == "language" { session.remember(session.language.other) }
        return try await act(OwnerRequest(controller: self, report: report, form: form, grant: grant.next, request: request, session: session))
    }

    /// Whether `submitted` is a live grant for the report's code as it is now, and the grant the owner's
    /// next forms carry.
    func grant(_ submitted: String?, for id: AnnouncementID, session: WebSession) async throws -> (accepted: Bool, next: String) {
        let version = try await service.codeVersion(of: id)
        return (
            ManageGrant.accepts(submitted, for: id, version: version, session: session, keys: pages.sessionKeys),
            ManageGrant.make(for: id, version: version, session: session, keys: pages.sessionKeys)
        )
    }
}

/// One owner's request, once the code or grant held: the report, the form, and the grant the owner
/// view's next forms carry.
struct OwnerRequest {
    let controller: ManageController
    let report: Announcement
    let form: [String: String]
    let grant: String
    let request: Request
    let session: WebSession

    var id: AnnouncementID { report.id }

    /// The owner's view of `report`, with a notice or an error.
    func view(
        _ report: Announcement, errorKey: String? = nil, noticeKey: String? = nil, status: HTTPResponse.Status = .ok,
        searchedForm: [String: String] = [:]
    ) async throws -> Response {
        try await controller.ownerView(
            report, grant: grant, errorKey: errorKey, noticeKey: noticeKey, status: status, searchedForm: searchedForm, request: request,
            session: session)
    }
}
