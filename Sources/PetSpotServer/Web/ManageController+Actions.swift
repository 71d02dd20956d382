import Foundation
import Hummingbird
import PetSpotDomain
import PetSpotRoutes
import PetSpotStore
import PetSpotWeb

/// The owner's changes, one route each: every change comes back to the owner's view with its notice, so
/// the next one needs no code for the grant's lifetime. A change that does not fit the report's state
/// (reuniting a closed report) changes nothing and shows the owner's view.
extension ManageController {
    func perform(_ action: OwnerAction, _ owner: OwnerRequest) async throws -> Response {
        let report = owner.report, missing = report.status == .missing
        switch action {
        case .edit:
            let page = EditPage(report, values: owner.form, grant: owner.grant, csrf: owner.session.csrfToken, strings: Strings(owner.session.language))
            return pages.render(page, request: owner.request, session: owner.session)
        case .save: return try await save(report, form: owner.form, grant: owner.grant, request: owner.request, session: owner.session)
        case .reunite: return confirm(.reunite, owner)
        case .delete: return confirm(.delete, owner)
        case .reuniteConfirmed where report.status != .closed:
            return try await owner.view(try await service.update(owner.id, changes: AnnouncementChanges(status: .closed)), noticeKey: "reunitedDone")
        case .deleteConfirmed:
            try await service.delete(owner.id)
            return pages.message(.deletedTitle, .deletedBody, status: .ok, request: owner.request, session: owner.session)
        case .reopen where report.status == .closed: return try await reopen(owner)
        case .addEmail: return try await addEmail(owner)
        case .searchAnswers where missing:
            try await plans.saveAnswers(Self.searchAnswers(owner.form), of: report)
            return try await owner.view(report, noticeKey: "planAnswersSaved")
        case .planDone where missing:
            try await plans.saveDone(SearchPlanService.ticked(owner.form), of: report)
            return try await owner.view(report, noticeKey: "planDoneSaved")
        case .searchedAdd where missing: return try await addSearchedArea(owner)
        case .searchedRemove: try await plans.removeSearchedArea(owner.form["area"] ?? "", of: owner.id)
        case .keepListed: try await checkIns.keepListed(owner.id)
        case .hideSighting, .showSighting:
            try await sightings.setHidden(owner.form["sighting"] ?? "", of: owner.id, hidden: action == .hideSighting)
        default: break
        }
        return try await owner.view(report)
    }

    /// The answers that fit the species; anything else the form sends is no answer.
    static func searchAnswers(_ form: [String: String]) -> SearchAnswers {
        var typed = ReportForm(kind: .missing)
        for field in [ReportForm.Field.lifestyle, .temperament, .newToArea] { typed[field] = form[field.rawValue] ?? "" }
        return typed.searchAnswers
    }

    /// Reuniting and removing are asked about first, so a stray click changes nothing.
    private func confirm(_ change: ManagePage.Change, _ owner: OwnerRequest) -> Response {
        let view = ManagePage.Owner(grant: owner.grant, privateDetails: PrivateDetails(reportedAs: .missing), matches: [])
        let page = ManagePage(owner.report, owner: view, confirming: change, csrf: owner.session.csrfToken, strings: Strings(owner.session.language))
        return pages.render(page, request: owner.request, session: owner.session)
    }

    private func reopen(_ owner: OwnerRequest) async throws -> Response {
        do {
            let kind = try await service.privateDetails(of: owner.id).reportedAs
            return try await owner.view(try await service.update(owner.id, changes: AnnouncementChanges(status: kind)), noticeKey: "reopenedDone")
        } catch StoreError.conflict {
            return try await owner.view(owner.report, errorKey: "chipTaken", status: .conflict)
        }
    }

    private func addEmail(_ owner: OwnerRequest) async throws -> Response {
        let email = (owner.form["email"] ?? "").trimmingCharacters(in: .whitespaces)
        guard email.limitLength <= ContactRules.emailLimit, ContactRules.isValidEmail(email) else {
            return try await owner.view(owner.report, errorKey: "errorEmail", status: .badRequest)
        }
        try await service.addEmail(email, to: owner.id)
        return try await owner.view(try await service.find(owner.id), noticeKey: "addEmailDone")
    }

    private func addSearchedArea(_ owner: OwnerRequest) async throws -> Response {
        guard let area = SearchedAreasView.area(from: owner.form, today: plans.today()) else {
            let problem = SearchedAreasView.problem(in: owner.form, today: plans.today())
            return try await owner.view(owner.report, errorKey: problem, status: .badRequest, searchedForm: owner.form)
        }
        do {
            try await plans.addSearchedArea(area, to: owner.id)
        } catch StoreError.conflict {
            return try await owner.view(owner.report, errorKey: "searchedLimit", status: .conflict, searchedForm: owner.form)
        }
        return try await owner.view(owner.report, noticeKey: "searchedAdded")
    }
}
