import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import PetSpotServer
import PetSpotTestSupport
import Testing

/// A finished draft sent twice at once to two servers on one database and one data folder, as two
/// instances behind a load balancer see a double submit (found by an audit: each filed a report, and the
/// pages showed two codes): one report, one code on both pages.
@Suite struct DraftSendTests {
    @Test func aDraftSentToTwoInstancesAtOnceFilesOneReport() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-two-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try await buildApplication(webTestConfiguration(directory))
        let second = try await buildApplication(webTestConfiguration(directory))
        try await first.test(.router) { one in
            try await second.test(.router) { two in
                var browser = WebBrowser(client: one)
                _ = try await browser.get("/report-missing/microchip")
                _ = try await browser.post("/report-missing/microchip", ["microchip": ""])
                _ = try await browser.upload("/report-missing/photo", photo: pngBytes)
                #expect(try await browser.post("/report-missing/description", MissingFlowServerTests.description).location == "/report-missing/contact")
                try await browser.loadToken("/report-missing/contact")
                var other = WebBrowser(client: two)
                (other.cookies, other.csrfToken, other.csrfSession) = (browser.cookies, browser.csrfToken, browser.csrfSession)
                let sent = try await withThrowingTaskGroup(of: String?.self) { group in
                    for copy in [browser, other] {
                        group.addTask {
                            var copy = copy
                            return try await copy.post("/report-missing/contact", MissingFlowServerTests.contact).location
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(sent == ["/report-missing/created", "/report-missing/created"])
                let codes = [
                    try FlowFinishTests.code(try await browser.get("/report-missing/created")),
                    try FlowFinishTests.code(try await other.get("/report-missing/created")),
                ]
                #expect(codes[0] == codes[1], "one code on both pages")
                let cards = try await browser.get("/lost-pets").html.components(separatedBy: "class=\"card\"").count - 1
                #expect(cards == 1, "one report")
            }
        }
    }

    /// The same browser files a second pet with the same words and place but another photo (two black cats
    /// found together): another report, not the first one's again.
    @Test func anotherPhotoWithTheSameWordsIsAnotherReport() async throws {
        try await withWebApp { browser in
            var codes: [String] = []
            for photo in [pngBytes, Array(pngBytes.dropLast()) + [1]] {
                _ = try await browser.get("/report-missing/microchip")
                _ = try await browser.post("/report-missing/microchip", ["microchip": ""])
                _ = try await browser.upload("/report-missing/photo", photo: photo)
                _ = try await browser.post("/report-missing/description", MissingFlowServerTests.description)
                #expect(try await browser.post("/report-missing/contact", MissingFlowServerTests.contact).location == "/report-missing/created")
                codes.append(try FlowFinishTests.code(try await browser.get("/report-missing/created")))
            }
            #expect(codes[0] != codes[1])
            #expect(try await browser.get("/lost-pets").html.components(separatedBy: "class=\"card\"").count - 1 == 2)
        }
    }
}
