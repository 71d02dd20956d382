import PetSpotRoutes

/// "Help and contact" (`/contact`): for each thing a visitor comes to ask, the answer and the page that does it.
public struct HelpPage: WebPage {
    public let templateName = "help"
    public let title: String
    let topics: [Topic]

    struct Topic: TemplateContext {
        let id: String
        let heading: String
        let body: String
        let links: [PageLink]

        func value(named name: String) -> TemplateValue? {
            switch name {
            case "id": .text(id)
            case "heading": .text(heading)
            case "body": .text(body)
            case "links": .objects(links)
            default: nil
            }
        }
    }

    public init(strings: Strings) {
        title = strings[.helpTitle]
        func topic(_ id: String, _ heading: TextKey, _ body: TextKey, _ links: [(WebRoute, TextKey)]) -> Topic {
            Topic(id: id, heading: strings[heading], body: strings[body], links: links.map { PageLink(label: strings[$0.1], href: $0.0.path) })
        }
        topics = [
            topic("seen", .helpSeenTitle, .helpSeenBody, [(.lostPets(), .helpSeenLink)]),
            topic(
                "report", .helpReportTitle, .helpReportBody,
                [(.step(.missing, .microchip), .navReportMissing), (.step(.found, .photo), .navReportFound)]),
            topic("code", .helpCodeTitle, .helpCodeBody, [(.myReports, .myReportsTitle)]),
            topic("problem", .helpProblemTitle, .helpProblemBody, []),
            topic("safety", .helpSafetyTitle, .helpSafetyBody, []),
            topic("alerts", .helpAlertsTitle, .helpAlertsBody, [(.alerts, .alertsNav)]),
        ]
    }
}

extension HelpPage: TemplateContext {
    public func value(named name: String) -> TemplateValue? {
        switch name {
        case "title": .text(title)
        case "topics": .objects(topics)
        default: nil
        }
    }
}
