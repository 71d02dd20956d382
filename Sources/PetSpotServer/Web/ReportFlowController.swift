import Foundation
import Hummingbird
import PetSpotDomain
import PetSpotRoutes
import PetSpotStore
import PetSpotWeb

/// Both report flows: each step's page, its form, Back, Cancel, the draft's photo, sending, and the outcome.
struct ReportFlowController: Sendable {
    let pages: WebPages
    let drafts: DraftKeeper
    let submission: DraftSubmission
    let photoReader: MultipartPhotoReader
    let gate = SubmissionGate()

    func register(on router: some RouterMethods<PetSpotRequestContext>) {
        for flow in ReportFlow.allCases {
            router.get(.flowStart(flow)) { request, _ in HTMLResponse.redirect(to: .step(flow, flow.steps[0]), session: pages.session(request)) }
            router.get(.step(flow, flow.steps[0])) { request, context in
                try await show(flow, slug: try context.path("step"), request: request, session: pages.session(request))
            }
            router.post(.step(flow, flow.steps[0])) { request, context in
                var session = pages.session(request)
                return try await post(
                    flow, slug: try context.path("step"), client: context.clientAddress, request: request,
                    session: &session)
            }
            router.get(.draftPhoto(flow)) { request, _ in
                try await preview(flow, session: pages.session(request))
            }
            router.post(.removePhoto(flow)) { request, _ in
                try await removePhoto(flow, request: request, session: pages.session(request))
            }
        }
    }

    func show(_ flow: ReportFlow, slug: String, request: Request, session: WebSession) async throws -> Response {
        if slug == "offline" { return offlinePage(flow, request: request, session: session) }
        guard let step = flow.step(slug: slug) else { throw WebError.notFound }
        var draft = try await drafts.load(session.draftKey, flow: flow)
        // The flow's first step after a report was sent starts the next one (the code page stays until
        // then, for a reload or Back, for an hour at most: a shared computer's next user starts afresh).
        if let result = draft.result, step == flow.steps[0] || !result.showsCode(at: pages.now()) {
            try await drafts.discard(session.draftKey, flow: flow)
            draft = ReportDraft(flow: flow)
        }
        let destination = draft.destination(for: step)
        guard destination == step, flow.slug(step) == slug else { return HTMLResponse.redirect(to: .step(flow, destination), session: session) }
        let strings = Strings(session.language)
        if step == .created, let result = draft.result {
            let matches = await submission.lookAlikes(after: flow, of: result)
            let page = CreatedPage(
                flow: flow, report: result, csrf: session.csrfToken, strings: strings, matches: matches,
                comparesPhotos: submission.comparesPhotos(of: draft.photo?.type), chip: draft.form.chipNumber,
                alreadySent: request.uri.queryParameters["notice"] == "sent")
            return pages.render(page, request: request, session: session)
        }
        return pages.render(
            StepPage(flow: flow, step: step, draft: draft, csrf: session.csrfToken, tiles: pages.mapTiles, strings: strings),
            request: request, session: session)
    }

    func post(_ flow: ReportFlow, slug: String, client: String, request: Request, session: inout WebSession) async throws -> Response {
        if slug == "send" { return try await send(flow, request: request, client: client, session: session) }
        if flow.step(slug: slug) == .photo { return try await postPhoto(flow, request: request, session: &session) }
        let form = try await WebPages.form(request, session: session)
        switch slug {
        case "cancel", "finish":
            try await drafts.discard(session.draftKey, flow: flow)
            return HTMLResponse.redirect(to: .home, session: session)
        default:
            guard let step = flow.step(slug: slug), step != .created else { throw WebError.notFound }
            return try await postStep(flow, step: step, form: form, client: client, request: request, session: &session)
        }
    }

    func postStep(
        _ flow: ReportFlow, step: ReportFlow.Step, form: [String: String], client: String, request: Request,
        session: inout WebSession
    ) async throws -> Response {
        let key = session.ensureDraftKey()
        var draft = try await drafts.load(key, flow: flow)
        let destination = draft.destination(for: step)
        // A step sent again after the report went (Back from the code page): it is not applied, and the
        // code page says so rather than coming back as if it had been.
        if draft.result != nil, destination == .created {
            return HTMLResponse.redirect(to: WebRoute.step(flow, .created).path + "?notice=sent", session: session)
        }
        guard destination == step else { return HTMLResponse.redirect(to: .step(flow, destination), session: session) }
        var form = form
        var placeFound = true
        if step == .description {
            await pages.places.dropStalePoint(of: &form, before: draft.form, language: session.language.rawValue)
            placeFound = await pages.places.fillPoint(of: &form, language: session.language.rawValue) != false
        }
        var errors = Self.placeErrors(StepValidation.take(step, from: form, into: &draft), placeFound: placeFound)
        let known = errors.isEmpty ? try await knownChip(flow, step: step, draft: draft) : nil
        if let known { errors.append(known.error) }
        if !errors.isEmpty { draft.completed.remove(step) }
        // Back, or the language switch (the step again, in the other language): what was typed is kept.
        let leaving: WebRoute? =
            switch request.uri.queryParameters["nav"] {
            case "back": flow.previous(step).map { .step(flow, $0) }
            case "language": .language(session.language.other, back: WebRoute.step(flow, step).path)
            default: nil
            }
        if let leaving {
            try await drafts.save(draft, session: key)
            return HTMLResponse.redirect(to: leaving, session: session)
        }
        guard errors.isEmpty else {
            try await drafts.save(draft, session: key)
            let page = StepPage(
                flow: flow, step: step, draft: draft, errors: errors, knownReport: known?.page, csrf: session.csrfToken,
                tiles: pages.mapTiles,
                strings: Strings(session.language))
            return pages.render(page, request: request, session: session, status: .badRequest)
        }
        draft.completed.insert(step)
        try await drafts.save(draft, session: key)
        if step == .contact { return try await send(flow, client: client, request: request, session: session) }
        let next = flow.steps[(flow.steps.firstIndex(of: step) ?? 0) + 1]
        return HTMLResponse.redirect(to: .step(flow, next), session: session)
    }

    /// A chip that an open report of this kind already has is refused where it is typed, not at the end:
    /// the error, and that report's page.
    func knownChip(_ flow: ReportFlow, step: ReportFlow.Step, draft: ReportDraft) async throws -> (error: FieldError, page: String)? {
        let chipField = ReportForm.chipField(of: flow.kind)
        guard StepValidation.formStep(step).map({ draft.form.fields(of: $0).contains(chipField) }) == true,
            let known = try await submission.service.reportHolding(chip: draft.form.chipNumber, kind: flow.kind)
        else { return nil }
        return (FieldError(chipField.rawValue, "chipKnown"), WebRoute.details(id: known.rawValue).path)
    }
}
