import PetSpotDomain
import PetSpotRoutes
/// The outcome of a flow: the report is created; its management code with a copy button.
public struct CreatedPage: WebPage {
    public let templateName = "created"
    public let title: String
    public let t: [String: String]
    public let paragraphs: [String]
    public let code: String
    public let reportHref: String
    /// The manage page: where the code edits, closes or removes the report (the "removal form").
    public let manageHref: String
    public let flyerHref: String
    /// Scam-aware advice for the reporter, who will be contacted by strangers.
    public let advice: [String]
    public let finishAction: String
    public let csrf: String
    /// After a found report: the missing pets nearby that may be this one, best first (photos compared once the
    /// found pet's look is made, a moment later).
    public let lookAlikes: [ReportCard]
    /// Above them: their photos are compared in a moment (look-alikes on), or how they were chosen.
    public let lookAlikesHint: String
    /// The chip registries' look-ups, when the report has a chip number.
    public let chipLookup: ChipLookup?
    /// Above the page, after a step was sent again once the report had gone: not applied, and how to change it.
    public let notice: String?

    public init(
        flow: ReportFlow, report: SubmittedReport, csrf: String, strings: Strings, matches: [AnnouncementMatch] = [], comparesPhotos: Bool = false,
        chip: String? = nil, alreadySent: Bool = false
    ) {
        title = strings[.createdTitle]
        t = strings.table
        // The seed's words, and when the code was not e-mailed this time, a note that says so.
        let mailed = report.codeMailed != false
        paragraphs =
            (flow == .missing
                ? [strings[.createdParagraph1], strings[mailed ? .createdParagraph2 : .createdParagraph2NotMailed]]
                : [strings[.foundCreatedBody], strings[mailed ? .foundCreatedManage : .foundCreatedManageNotMailed]])
            + (mailed ? [] : [strings[.createdNotMailed]])
        code = report.managementCode
        reportHref = WebRoute.details(id: report.id).path
        manageHref = WebRoute.manage(id: report.id).path
        flyerHref = WebRoute.flyer(id: report.id).path
        advice = [.adviceNeverPay, .adviceNoCodes, .advicePublicPlace, .adviceAskDetail].map { strings[$0] }
        finishAction = WebRoute.finish(flow).path
        self.csrf = csrf
        lookAlikes = matches.map { ManagePage.card(of: $0, strings: strings) }
        lookAlikesHint = strings[comparesPhotos ? .createdLookAlikesHint : .createdLookAlikesHintNoPhotos]
        chipLookup = ChipLookup(chip: chip, flow: flow, strings: strings)
        notice = alreadySent ? strings[.createdAlreadySent] : nil
    }
}
