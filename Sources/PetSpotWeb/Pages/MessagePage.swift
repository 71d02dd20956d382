import PetSpotRoutes
/// A page that only tells something: not found, expired form, server error, report removed.
public struct MessagePage: WebPage {
    public let templateName = "message"
    public let title: String
    public let body: String
    public let t: [String: String]
    public let homeHref = WebRoute.home.path

    public init(titleKey: TextKey, bodyKey: TextKey, strings: Strings) {
        title = strings[titleKey]
        body = strings[bodyKey]
        t = strings.table
    }
}
