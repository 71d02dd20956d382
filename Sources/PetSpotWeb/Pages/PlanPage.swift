import PetSpotDomain
import PetSpotRoutes

/// The e-mailed plan page: the day's steps to tick done, the likely area and the shelters and
/// vets in it, opened by the plan e-mail's signed link (no code needed; it changes nothing but the ticks).
public struct PlanPage: WebPage {
    public let templateName = "plan"
    public let title: String
    public let plan: SearchPlanView
    public let formAction: String
    public let stopAction: String
    public let reportPath: String
    public let csrf: String
    public let saved: Bool

    public init(_ report: Announcement, plan: SearchPlanView, token: String, saved: Bool = false, csrf: String, strings: Strings) {
        title = strings[.planPageTitle].replacingOccurrences(of: "{name}", with: report.petName ?? ReportText.species(report.species, strings))
        self.plan = plan
        formAction = WebRoute.plan(id: report.id.rawValue, token: token).path
        stopAction = WebRoute.planStop(id: report.id.rawValue, token: token).path
        reportPath = WebRoute.details(id: report.id.rawValue).path
        self.csrf = csrf
        self.saved = saved
    }
}

extension PlanPage: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "title": .text(title)
        case "plan": .object(plan)
        case "formAction": .text(formAction)
        case "stopAction": .text(stopAction)
        case "reportPath": .text(reportPath)
        case "csrf": .text(csrf)
        case "saved": .flag(saved)
        default: nil
        }
    }
}
