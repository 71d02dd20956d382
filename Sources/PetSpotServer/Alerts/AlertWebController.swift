import Foundation
import Hummingbird
import PetSpotDomain
import PetSpotRoutes
import PetSpotStore
import PetSpotWeb

/// `/alerts`: nearby alerts on the web. The form asks for an address, a place and what to
/// hear about; the e-mails' links open the confirmation, the subscription's own page and the
/// unsubscribe, each a question first (a GET changes nothing). The unsubscribe also takes RFC 8058's
/// one-click POST, which a mail client sends without cookies: its signed token is what authorises it.
struct AlertWebController: Sendable {
    let pages: WebPages
    let service: AlertService

    func register(on router: some RouterMethods<PetSpotRequestContext>) {
        router.get(.alerts) { request, _ in
            let session = pages.session(request)
            var values = FormBody.query(request)
            values["place"] = values["place"] ?? ""
            return render(AlertPage(values: values, csrf: session.csrfToken, strings: Strings(session.language)), request, session)
        }
        router.post(.alerts) { request, context in
            try await subscribe(request, context: context, session: pages.session(request))
        }
        router.get(.alert()) { request, context in
            let session = pages.session(request)
            let id = try context.path("id"), token = request.uri.queryParameters["token"].map(String.init)
            guard let subscription = try? await service.subscription(id, token: token) else { return invalidLink(request, session) }
            return render(manage(id, token: token, values: AlertPage.values(of: subscription), session: session), request, session)
        }
        router.post(.alert()) { request, context in
            try await save(request, context: context, session: pages.session(request))
        }
        registerConfirmAndUnsubscribe(on: router)
    }

    /// The links in the e-mails: the confirmation and the unsubscribe, each a question page first.
    private func registerConfirmAndUnsubscribe(on router: some RouterMethods<PetSpotRequestContext>) {
        router.get(.alertConfirm()) { request, context in
            let session = pages.session(request)
            let id = try context.path("id")
            let token = request.uri.queryParameters["token"].map(String.init)
            guard let subscription = try? await service.subscription(id, token: token, purpose: "confirm") else { return invalidLink(request, session) }
            // The link opened again once the alerts are on: say so, rather than ask again.
            if subscription.confirmedAt != nil {
                return pages.message(.alertConfirmedTitle, .alertConfirmedBody, status: .ok, request: request, session: session)
            }
            let page = AlertActionPage(
                confirming: subscription, action: WebRoute.alertConfirm(id: id, token: token ?? "").path, csrf: session.csrfToken,
                strings: Strings(session.language))
            return render(page, request, session)
        }
        router.post(.alertConfirm()) { request, context in
            let session = pages.session(request)
            _ = try await WebPages.form(request, session: session)
            do {
                _ = try await service.confirm(try context.path("id"), token: request.uri.queryParameters["token"].map(String.init))
            } catch AlertError.invalidLink {
                return invalidLink(request, session)
            }
            return pages.message(.alertConfirmedTitle, .alertConfirmedBody, status: .ok, request: request, session: session)
        }
        router.get(.alertUnsubscribe()) { request, context in
            let session = pages.session(request)
            let id = try context.path("id"), token = request.uri.queryParameters["token"].map(String.init)
            guard (try? await service.subscription(id, token: token)) != nil else { return invalidLink(request, session) }
            let page = AlertActionPage(
                titleKey: .alertUnsubscribeButton, bodyKey: nil, buttonKey: .alertUnsubscribeButton,
                action: WebRoute.alertUnsubscribe(id: id, token: token ?? "").path, danger: true, csrf: session.csrfToken,
                strings: Strings(session.language))
            return render(page, request, session)
        }
        router.post(.alertUnsubscribe()) { request, context in
            let session = pages.session(request)
            // The signed token authorises it (RFC 8058 one-click: no cookie, no form token).
            for try await _ in request.body {}
            do {
                try await service.unsubscribe(try context.path("id"), token: request.uri.queryParameters["token"].map(String.init))
            } catch AlertError.invalidLink {
                return invalidLink(request, session)
            }
            return pages.message(.alertUnsubscribedTitle, .alertUnsubscribedBody, status: .ok, request: request, session: session)
        }
    }

    private func render(_ page: some WebPage, _ request: Request, _ session: WebSession, status: HTTPResponse.Status = .ok) -> Response {
        pages.render(page, request: request, session: session, status: status)
    }

    private func invalidLink(_ request: Request, _ session: WebSession) -> Response {
        pages.message(.alertLinkInvalidTitle, .alertLinkInvalidBody, status: .notFound, request: request, session: session)
    }

    private func manage(
        _ id: String, token: String?, values: [String: String], errors: [FieldError] = [], notice: String? = nil,
        session: WebSession
    ) -> AlertPage {
        let existing = (WebRoute.alert(id: id, token: token ?? "").path, WebRoute.alertUnsubscribe(id: id, token: token ?? "").path)
        return AlertPage(
            values: values, errors: errors, existing: existing,
            notice: notice, csrf: session.csrfToken, strings: Strings(session.language))
    }

    /// The form with its place's point filled in, or the place's error. The name kept is the gazetteer's
    /// for the point, never the typed text, which would reach e-mails PetSpot signs.
    private func resolved(_ form: [String: String], language: Language) async -> ([String: String], [FieldError], String?) {
        var values = form
        if await pages.places.fillPoint(of: &values, language: language.rawValue) == false {
            return (values, [FieldError("place", "placeNotFound")], nil)
        }
        var name: String?
        if let lat = ReportForm.number(values["latitude"] ?? ""), let lng = ReportForm.number(values["longitude"] ?? "") {
            name = await pages.places.label(for: Coordinate(latitude: lat, longitude: lng))?.name(in: language.rawValue)
        }
        return (values, [], name)
    }

    /// The form's other problems when its place was not found, so every error shows at once.
    static func problems(besidesThePlace values: [String: String]) -> AlertProblems {
        guard case .failure(let problems) = AlertPage.form(values).validate(placeName: nil, language: "", now: Date()) else {
            return AlertProblems(problems: [])
        }
        return AlertProblems(problems: problems.problems.filter { $0.field != "place" })
    }

    func subscribe(_ request: Request, context: PetSpotRequestContext, session: WebSession) async throws -> Response {
        let form = try await WebPages.form(request, session: session)
        let strings = Strings(session.language)
        let (values, placeErrors, placeName) = await resolved(form, language: session.language)
        func again(_ errors: [FieldError], _ status: HTTPResponse.Status) -> Response {
            render(AlertPage(values: values, errors: errors, csrf: session.csrfToken, strings: strings), request, session, status: status)
        }
        do {
            guard placeErrors.isEmpty else { throw Self.problems(besidesThePlace: values) }
            _ = try await service.subscribe(
                AlertPage.form(values), placeName: placeName, language: session.language.rawValue,
                client: context.clientAddress)
        } catch let problems as AlertProblems {
            return again(
                placeErrors
                    + problems.problems.map { FieldError($0.field, $0.problem.rawValue) }
                    .filter { !(placeErrors.isEmpty ? false : $0.field == "place") }, .badRequest)
        } catch AccessError.tooMany {
            return again([FieldError("email", "alertLimited")], .tooManyRequests)
        }
        return pages.message(.alertCheckInboxTitle, .alertCheckInboxBody, status: .ok, request: request, session: session)
    }

    func save(_ request: Request, context: PetSpotRequestContext, session: WebSession) async throws -> Response {
        let form = try await WebPages.form(request, session: session)
        let id = try context.path("id"), token = request.uri.queryParameters["token"].map(String.init)
        guard (try? await service.subscription(id, token: token)) != nil else { return invalidLink(request, session) }
        let (values, placeErrors, placeName) = await resolved(form, language: session.language)
        do {
            guard placeErrors.isEmpty else { throw Self.problems(besidesThePlace: values) }
            let updated = try await service.update(id, token: token, form: AlertPage.form(values), placeName: placeName)
            return render(
                manage(
                    id, token: token, values: AlertPage.values(of: updated), notice: Strings(session.language)[.alertSavedBody],
                    session: session), request, session)
        } catch let problems as AlertProblems {
            let errors = placeErrors + problems.problems.filter { $0.field != "email" }.map { FieldError($0.field, $0.problem.rawValue) }
            return render(manage(id, token: token, values: values, errors: errors, session: session), request, session, status: .badRequest)
        }
    }
}
