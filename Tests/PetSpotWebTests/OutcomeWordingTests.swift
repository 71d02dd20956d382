import Foundation
import PetSpotDomain
import PetSpotRoutes
import PetSpotTestSupport
import Testing
@testable import PetSpotWeb

/// What the owner's and the finder's pages promise matches what happens.
@Suite struct OutcomeWordingTests {
    static func report(_ status: AnnouncementStatus) -> Announcement {
        Announcement.mock(
            id: AnnouncementID("abc-123"), species: "DOG", location: Coordinate(latitude: 52.2, longitude: 21.0), status: status)
    }

    @Test func aClosedReportDoesNotPromiseMatchEMails() {
        let owner = ManagePage.Owner(grant: "g", privateDetails: PrivateDetails(reportedAs: .missing), matches: [])
        let open = ManagePage(Self.report(.missing), owner: owner, csrf: "t", strings: Strings(.en))
        let closed = ManagePage(Self.report(.closed), owner: owner, csrf: "t", strings: Strings(.en))
        #expect(open.noMatchesNote.contains("We will e-mail you"))
        #expect(!closed.noMatchesNote.contains("e-mail") && closed.noMatchesNote.contains("reopen it"))
    }

    @Test func thePrivateDetailsAreSaidToStayWithTheReporter() {
        for language in [Language.en, .pl] {
            let strings = Strings(language)
            // The match e-mail carries none of them (SECURITY.md), so no page may say it does.
            #expect(!strings[.privateIntro].contains("e-mail") && !strings[.privateIntro].contains("e-mailem"))
            #expect(!strings[.foundPrivateNote].contains("matching") && !strings[.foundPrivateNote].contains("pasującego"))
        }
    }

    @Test(arguments: [true, false])
    func theLookAlikesHintSaysPhotosAreComparedOnlyWhenTheyAre(comparesPhotos: Bool) {
        let match = AnnouncementMatch(candidate: Self.report(.missing), reason: .similar, score: 0.8, distanceKm: 1)
        let page = CreatedPage(
            flow: .found, report: SubmittedReport(id: "a", managementCode: "123456"), csrf: "t", strings: Strings(.en),
            matches: [match], comparesPhotos: comparesPhotos)
        #expect(page.lookAlikesHint.contains("photo") == comparesPhotos, "\(page.lookAlikesHint)")
    }
}
