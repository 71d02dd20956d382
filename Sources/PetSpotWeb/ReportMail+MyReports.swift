import PetSpotDomain
import PetSpotRoutes

/// "My reports": the e-mailed link to everything an address has on PetSpot.
extension ReportMail {
    public static func myReportsLink(to email: String, link: String, language: String, baseURL: String) -> MailContent {
        let t = Strings(Language(rawValue: language) ?? .en)
        let body = MailBody(
            paragraphs: [t[.mailMyReportsBody]], highlight: nil, after: [], facts: [],
            links: [(t[.mailMyReportsOpen], link)], footer: t[.mailMyReportsIgnore])
        return MailContent(to: email, subject: t[.mailMyReportsSubject], text: body.text(t), html: body.html(t))
    }
}
