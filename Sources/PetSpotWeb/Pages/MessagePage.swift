import PetSpotRoutes
/// A page that only tells something: not found, expired form, server error, report removed.
public struct MessagePage: WebPage {
    public let templateName = "message"
    public let title: String
    public let body: String
    public let t: [String: String]
    public let homeHref = WebRoute.home.path
    /// The report the page is about (a message sent to its reporter), to go back to.
    public let reportHref: String?

    public init(titleKey: TextKey, bodyKey: TextKey, reportID: String? = nil, strings: Strings) {
        title = strings[titleKey]
        body = strings[bodyKey]
        t = strings.table
        reportHref = reportID.map { WebRoute.details(id: $0).path }
    }
}
