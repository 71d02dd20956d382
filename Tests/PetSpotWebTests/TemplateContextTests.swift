import Foundation
import PetSpotDomain
import PetSpotRoutes
import Testing
@testable import PetSpotWeb

/// The templates read page models through `TemplateContext` (no reflection): every stored field that has
/// a value must be answered by name, so a field added to a model and forgotten in its `value(named:)`
/// fails here rather than vanishing from a page. (`t`, the texts, is resolved when templates load.)
@Suite struct TemplateContextTests {
    static func expectAllFields(_ model: some TemplateContext, sourceLocation: SourceLocation = #_sourceLocation) {
        for field in Mirror(reflecting: model).children {
            guard let label = field.label, !["templateName", "t"].contains(label) else { continue }
            let value = Mirror(reflecting: field.value)
            if value.displayStyle == .optional && value.children.isEmpty { continue }
            #expect(model.value(named: label) != nil, "\(type(of: model)).\(label) is not answered", sourceLocation: sourceLocation)
        }
    }

    @Test func everyModelAnswersEveryField() throws {
        let strings = Strings(.en)
        let report = PageModelTests.report()
        var card = ReportCard(report, strings: strings)
        card.note = "because"
        Self.expectAllFields(card)
        Self.expectAllFields(HomePage(recent: [report], strings: strings))
        Self.expectAllFields(
            ListPage(
                reports: [report], filter: ListFilter(latitude: "52", longitude: "21", radius: "5"),
                errors: [FieldError("latitude", "latitudeInvalid")], nextCursor: "c", isFirstPage: false, strings: strings))
        let details = DetailsPage(report, strings: strings, notice: "done")
        Self.expectAllFields(details)
        Self.expectAllFields(details.rows[0])
        let shared = DetailsPage(report, strings: strings, baseURL: "https://petspot.example")
        Self.expectAllFields(shared)
        if let share = shared.share { Self.expectAllFields(share) }
        shared.metaTags.forEach { Self.expectAllFields($0) }
        Self.expectAllFields(RelayPage(report, values: ["name": "A"], errors: [FieldError("name", "relayNameRequired")], csrf: "t", strings: strings))
        Self.expectAllFields(FlyerPage(report, place: nil, qrSVG: "<svg/>", shortLink: "petspot.example/p/abc", strings: strings))
        let match = AnnouncementMatch(candidate: report, reason: .microchip, score: 1, distanceKm: 1)
        Self.expectAllFields(
            ManagePage(
                report, errorKey: "codeWrong",
                owner: ManagePage.Owner(
                    grant: "g", privateDetails: PrivateDetails(reportedAs: .found, caregiverPhone: "600100200"), matches: [match]), csrf: "t", strings: strings)
        )
        Self.expectAllFields(EditPage(report, errors: [("petName", "x")], grant: "g", csrf: "t", strings: strings))
        // The search plan, its e-mailed page, where to look and the areas searched.
        var missing = report
        missing.status = .missing
        let area = SearchedArea(center: missing.location, radiusMeters: 250, searchedOn: "2025-11-20")
        let shelter = DirectoryPlace(kind: .shelter, name: "S", address: "A", phone: "600100200", hours: "9-17", location: missing.location)
        var owner = ManagePage.Owner(grant: "g", privateDetails: PrivateDetails(reportedAs: .missing), matches: [])
        owner.directory = [shelter]
        owner.searchedAreas = [area]
        owner.planState = SearchPlanState(done: [.searchHome: "2025-11-20"])
        owner.tiles = MapTiles(url: "https://tile.example/{z}/{x}/{y}.png", attribution: "©")
        let manage = ManagePage(missing, owner: owner, noticeKey: "searchedAdded", csrf: "t", strings: strings)
        Self.expectAllFields(manage)
        let plan = try #require(manage.plan)
        Self.expectAllFields(plan)
        plan.steps.forEach { Self.expectAllFields($0) }
        plan.places.forEach { Self.expectAllFields($0) }
        let searched = try #require(manage.searched)
        Self.expectAllFields(searched)
        searched.items.forEach { Self.expectAllFields($0) }
        Self.expectAllFields(PlanPage(missing, plan: plan, token: "t", saved: true, csrf: "t", strings: strings))
        let look = try #require(
            WhereToLook(
                missing, answers: SearchAnswers(), searched: [area], labels: [nil], today: ReportDate("2025-11-25")!,
                strings: strings))
        Self.expectAllFields(look)
        look.searched.forEach { Self.expectAllFields($0) }
        let created = CreatedPage(flow: .found, report: SubmittedReport(id: "a", managementCode: "123456"), csrf: "t", strings: strings, chip: "123")
        Self.expectAllFields(created)
        let lookup = try #require(created.chipLookup)
        Self.expectAllFields(lookup)
        lookup.links.forEach { Self.expectAllFields($0) }
        Self.expectAllFields(MessagePage(titleKey: .notFoundTitle, bodyKey: .notFoundBody, reportID: "a", strings: strings))
        var draft = ReportDraft(flow: .missing)
        draft.completed = [.microchip]
        draft.photo = DraftPhoto(storedName: "s.png", originalName: "p.png", size: 10, type: "png")
        let step = StepPage(
            flow: .missing, step: .photo, draft: draft, errors: [FieldError("photo", "photoRequired")],
            generalError: "x", csrf: "t", strings: strings)
        Self.expectAllFields(step)
        if let photo = step.photo { Self.expectAllFields(photo) }
        let control = FormControl(.select, name: "sex", label: "Sex", value: "MALE").described(hint: "h", error: "e")
            .choosing([("MALE", "Male"), ("FEMALE", "Female")])
        Self.expectAllFields(control)
        Self.expectAllFields(control.options[0])
        Self.expectAllFields(ErrorSummaryItem(href: "#a", message: "m"))
        Self.expectAllFields(LayoutModel(chrome: PageChrome(language: .pl, currentPath: "/"), title: "T", content: "<p>"))
    }
}
