import Foundation
import HTTPTypes
import Hummingbird
import Testing

/// Issue 11 on the web: the list is searched by place name, with its radius and filters, and every card
/// names its place and its distance.
@Suite struct PlacesWebTests {
    @Test func aPlaceNameListsTheReportsNearItWithPlaceNamesAndDistances() async throws {
        try await withWebApp { browser in
            _ = try await BrowseAndManageServerTests.createReport(&browser, name: "Rex")   // at 52.2297, 21.0122
            var page = try await browser.get("/lost-pets?place=warszawa&radius=5")
            #expect(page.status == .ok)
            #expect(page.html.contains("Reports within 5 km of Warsaw, PL"))
            #expect(page.html.contains("Rex") && page.html.contains("near Warsaw") && page.html.contains("0.0 km away"))
            #expect(page.html.contains("GeoNames"))
            // Other places of the name are offered; the US Warsaws are several, so they carry their point.
            #expect(page.html.contains("Other places of that name"))
            page = try await browser.get("/lost-pets?place=warsaw")
            #expect(page.html.contains("Reports within 5 km of Warsaw, PL") && page.html.contains("Warsaw, US ("))
            page = try await browser.get("/lost-pets?place=Krak%C3%B3w")
            #expect(page.html.contains("Kraków, PL") && !page.html.contains("Rex"))
            page = try await browser.get("/lost-pets?place=qzxqzxq")
            #expect(page.status == .badRequest && page.html.contains("No place of that name"))
            // A picked suggestion with its point.
            page = try await browser.get("/lost-pets?place=Warsaw%2C%20PL%20(52.230%2C%2021.012)&radius=1")
            #expect(page.html.contains("Rex"))
            // Filters: kind, species, how recent.
            #expect(try await browser.get("/lost-pets?place=warszawa&status=FOUND").html.contains("Rex") == false)
            #expect(try await browser.get("/lost-pets?place=warszawa&status=MISSING").html.contains("Rex"))
            #expect(try await browser.get("/lost-pets?species=CAT").html.contains("Rex") == false)
            #expect(try await browser.get("/lost-pets?species=DOG").html.contains("Rex"))
            #expect(try await browser.get("/lost-pets?since=7").html.contains("Rex") == false, "last seen 2025-05-01")
            // Coordinates still work, and are named.
            page = try await browser.get("/lost-pets?lat=52.2297&lng=21.0122&radius=2")
            #expect(page.html.contains("Reports within 2 km of Warsaw") && page.html.contains("Rex"))
        }
    }
}
