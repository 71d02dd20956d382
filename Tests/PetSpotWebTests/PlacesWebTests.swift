import Foundation
import HTTPTypes
import Hummingbird
import Testing

/// Places on the web: the list is searched by place name, with its radius and filters, and every card
/// names its place and its distance.
@Suite struct PlacesWebTests {
    @Test func aPlaceNameListsTheReportsNearItWithPlaceNamesAndDistances() async throws {
        try await withWebApp { browser in
            // At 52.2297, 21.0122: the distance is the public area's (52.230, 21.010), never the typed point's.
            _ = try await BrowseAndManageServerTests.createReport(&browser, name: "Rex")
            var page = try await browser.get("/lost-pets?place=warszawa&radius=5")
            #expect(page.status == .ok)
            #expect(page.html.contains("Reports within 5 km of Warsaw, PL"))
            #expect(page.html.contains("Rex") && page.html.contains("near Warsaw") && page.html.contains("0.1 km away"))
            #expect(page.html.contains("GeoNames"))
            // Other places of the name are offered; the US Warsaws are several, so they carry their point.
            #expect(page.html.contains("Other places that match"))
            page = try await browser.get("/lost-pets?place=warsaw")
            #expect(page.html.contains("Reports within 5 km of Warsaw, PL") && page.html.contains("Warsaw, US ("))
            // A GET form sends spaces as "+".
            #expect(try await browser.get("/lost-pets?place=Warsaw%2C+PL&radius=5").html.contains("Rex"))
            #expect(try await browser.get("/lost-pets?place=Nowy+Targ").html.contains("Reports within 5 km of Nowy Targ, PL"))
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
            // A species the list does not know filters nothing and is not named back.
            page = try await browser.get("/lost-pets?species=FISH")
            #expect(page.html.contains("Rex") && !page.html.contains("· FISH"))
            #expect(try await browser.get("/lost-pets?since=7").html.contains("Rex") == false, "last seen 2025-05-01")
            // Coordinates still work, and are named.
            page = try await browser.get("/lost-pets?lat=52.2297&lng=21.0122&radius=2")
            #expect(page.html.contains("Reports within 2 km of Warsaw") && page.html.contains("Rex"))
        }
    }

    /// Polish pages call Warsaw as Poles do (an audit read "Okolica: Warsaw" beside "Kraków" and "Wrocław"):
    /// the list's heading, a card, the report's page and its flyer; English pages keep "Warsaw".
    @Test func polishPagesSayWarszawa() async throws {
        try await withWebApp { browser in
            let href = try await BrowseAndManageServerTests.createReport(&browser, name: "Rex").href
            browser.language = "pl-PL,pl;q=0.9"
            var page = try await browser.get("/lost-pets?place=warszawa&radius=5")
            #expect(page.html.contains("Warszawa, PL") && !page.html.contains("Warsaw,"), "\(page.html)")
            #expect(page.html.contains("Rex") && !page.html.contains("Warsaw<"))
            #expect(try await browser.get("/lost-pets?place=Warszawa%2C+PL&radius=5").html.contains("Rex"), "the heading's name finds it again")
            for path in [href, href + "/flyer"] {
                page = try await browser.get(path)
                #expect(page.html.contains("Warszawa") && !page.html.contains("Warsaw<") && !page.html.contains("Warsaw "), "\(path)")
            }
            browser.language = "en"
            #expect(try await browser.get(href).html.contains("near Warsaw"))
        }
    }

    @Test func aPlaceNameLocatesAReportAndItsPageShowsTheAreaNotThePoint() async throws {
        try await withWebApp { browser in
            _ = try await browser.get("/report-missing/microchip")
            _ = try await browser.post("/report-missing/microchip", ["microchip": ""])
            _ = try await browser.upload("/report-missing/photo", photo: pngBytes)
            var description = MissingFlowServerTests.description
            // Nothing typed where: one error, at the place box (the coordinates are optional there).
            (description["latitude"], description["longitude"], description["place"]) = ("", "", "")
            var page = try await browser.post("/report-missing/description", description)
            #expect(page.status == .badRequest && page.html.contains("id=\"field-place-error\""))
            #expect(page.html.contains("Enter a place, or the coordinates of the spot") && !page.html.contains("Fill in l"))
            description["place"] = "qzxqzxq"
            page = try await browser.post("/report-missing/description", description)
            #expect(page.status == .badRequest && page.html.contains("No place of that name"))
            #expect(!page.html.contains("Fill in latitude"), "the place's message, not the coordinates'")
            description["place"] = "Łódź"
            page = try await browser.post("/report-missing/description", description)
            #expect(page.location == "/report-missing/contact")
            _ = try await browser.post("/report-missing/contact", MissingFlowServerTests.contact)
            let created = try await browser.get("/report-missing/created")
            let href = String(try #require(created.html.firstMatch(of: /href="(\/lost-pets\/[0-9a-f-]{36})"/)?.1))
            let id = String(href.dropFirst("/lost-pets/".count))
            // Its owner reads the exact point through the API; anyone else the public area's.
            let api = try await browser.ownerRead(id, createdPage: created)
            #expect(api.contains("\"locationLatitude\":51.77058") && api.contains("\"name\":\"Łódź\""))
            let anyone = try await browser.get("/api/v1/announcements/\(id)")
            #expect(anyone.html.contains("\"locationLatitude\":51.77,") && anyone.html.contains("\"locationLongitude\":19.475,"))
            #expect(!anyone.html.contains("51.77058") && anyone.html.contains("\"name\":\"Łódź\""))
            // The details page: the place's name and an area around a grid point, not the point.
            page = try await browser.get(href)
            #expect(page.html.contains("near Łódź") && page.html.contains("about 51.7700° N, 19.4750° E"))
            #expect(!page.html.contains("51.77058") && !page.html.contains("19.47395") && !page.html.contains("51.7706"))
            // The map needs Leaflet (Debian's libjs-leaflet, which .ci/run installs); without it, no map.
            if FileManager.default.fileExists(atPath: "/usr/share/javascript/leaflet/leaflet.js") {
                #expect(page.html.contains("data-map=\"area\"") && page.html.contains("data-lat=\"51.77\"") && page.html.contains("data-radius=\"450\""))
                #expect(try await browser.get("/static/leaflet/leaflet.js").status == .ok)
            } else {
                #expect(!page.html.contains("data-map"))
            }
        }
    }
}

/// A report's flyer, share block, preview tags, short link and the REUNITED page.
@Suite struct ReachWebTests {
    @Test func aReportHasAFlyerWithAQRCodeAShortLinkAndSharePreviews() async throws {
        try await withWebApp { browser in
            let (href, code) = try await BrowseAndManageServerTests.createReport(&browser, name: "Rex")
            let id = String(href.dropFirst("/lost-pets/".count))
            var page = try await browser.get(href)
            #expect(page.html.contains("href=\"\(href)/flyer\"") && page.html.contains("Get the word out"))
            // Share previews: absolute URLs from the public address, the photo's list-sized copy.
            #expect(page.html.contains("<meta property=\"og:title\" content=\"MISSING DOG: Rex – Warsaw\">"))
            #expect(page.html.contains("<meta property=\"og:url\" content=\"http://127.0.0.1:3000\(href)\">"))
            #expect(page.html.contains("<meta property=\"og:image\" content=\"http://127.0.0.1:3000/images/\(id).png?w=800\">"))
            #expect(page.html.contains("name=\"twitter:card\" content=\"summary_large_image\""))
            #expect(page.html.contains("Have you seen it? Please share. http://127.0.0.1:3000\(href)"))

            page = try await browser.get("\(href)/flyer")
            #expect(page.status == .ok && page.html.contains("MISSING DOG") && page.html.contains("<svg xmlns"))
            #expect(page.html.contains("127.0.0.1:3000/p/\(id.prefix(8))") && !page.html.contains("+48123456789"), "relayed: no phone")
            #expect(page.html.components(separatedBy: "<li>127.0.0.1:3000/p/").count == 9, "eight tear-off strips")
            page = try await browser.get("/p/\(id.prefix(8))")
            #expect(page.status == .seeOther && page.location == href)
            #expect(try await browser.get("/p/00000000").status == .notFound)
            #expect(try await browser.get("/p/..%2F..%2Fx").status == .notFound)

            // Closed: the live page says REUNITED where the contact was, and the flyer drops the phone.
            _ = try await browser.post("/manage/\(id)/reunite-confirmed", ["code": code])
            page = try await browser.get(href)
            #expect(page.html.contains("data-testid=\"reunited\"") && !page.html.contains("relay-link"))
            #expect(!page.html.contains("Get the word out"))
            #expect(!(try await browser.get("\(href)/flyer")).html.contains("+48123456789"))
        }
    }
}
