import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PetSpotAPI
import PetSpotDomain
import PetSpotStore
@testable import PetSpotServer
import PetSpotTestSupport
import PetSpotWeb
import Testing

/// The search plan through the server, on SQLite and PostgreSQL: a shy dog's likely area grows with the days
/// (the server restarted on the same data with its clock moved on, `PETSPOT_TEST_CLOCK_DAYS`); each
/// subscription is told once, when the area first reaches it; the owner gets the day's plan by e-mail,
/// ticks steps on its page, stops the e-mails with one click, and no plan e-mail follows.
@Suite struct SearchPlanTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let home = (lat: 52.2297, lng: 21.0122)

    /// A confirmed 1 km subscription `km` north of home.
    static func subscription(_ email: String, kmNorth km: Double, confirmed: Date) -> AlertSubscription {
        var subscription = AlertSubscription(
            email: email, center: Coordinate(latitude: home.lat + km / 111.2, longitude: home.lng), radiusKm: 1,
            placeName: nil, statuses: [.missing], species: nil, frequency: .instant, language: "en",
            createdAt: confirmed)
        subscription.confirmedAt = confirmed
        return subscription
    }

    static func mails(to address: String, in directory: URL, atLeast count: Int) async throws -> [MailboxMessage] {
        try await MailboxMessage.arrived(in: directory) { $0.filter { $0.to == address }.count >= count }.filter { $0.to == address }
    }

    @Test func theAreaGrowsToNewSubscribersOnceAndThePlanIsMailedUntilStopped() async throws {
        try await TestStorage.each { storage in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-plan-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            let today = ReportDate(Date(), in: Self.utc)
            let confirmed = Date().addingTimeInterval(-3600)
            // A shy dog gone 3 days: 3.2 km today, 5 km from day 4, 8 km from day 8.
            let near = Self.subscription("near@example.com", kmNorth: 3.5, confirmed: confirmed)
            let far = Self.subscription("far@example.com", kmNorth: 5.5, confirmed: confirmed)
            let beyond = Self.subscription("beyond@example.com", kmNorth: 8.5, confirmed: confirmed)
            let never = Self.subscription("never@example.com", kmNorth: 20, confirmed: confirmed)
            let fixtures: @Sendable (any PetSpotStorage) async throws -> Void = { store in
                for subscription in [near, far, beyond, never] {
                    try await store.createSubscription(subscription, outbox: [])
                    _ = try await store.confirmSubscription(subscription.id, at: confirmed)
                }
            }
            // The plan job ticks every 200 ms: on the day a report is filed it records the band and mails nothing
            // (the owner has the code e-mail with the plan a click away).
            try await TestApp.run(on: storage, dataDirectory: directory, fixtures: fixtures, configure: { $0.checkInPoll = .milliseconds(200) }) {
                client, directory throws in
                let report = try await client.createAnnouncement([
                    "petName": "Nieśmiały", "species": "DOG", "temperament": "SHY", "lastSeenDate": ReportDate.adding(-3, to: today).text,
                    "locationLatitude": Self.home.lat, "locationLongitude": Self.home.lng, "email": "owner@example.com", "microchipNumber": nil,
                ])
                #expect(try await client.uploadPhoto(report.id, password: report.password, bytes: Fixture.jpeg).status == .created)
                #expect(try await Self.mails(to: "near@example.com", in: directory, atLeast: 1).count == 1)
                // The report's page shows the day's area (a distance, around the public area).
                let page = String(buffer: try await client.execute(uri: "/lost-pets/\(report.id)", method: .get, headers: [:], body: nil).body)
                #expect(page.contains("within 3.2 km") && page.contains("data-testid=\"likely-area\""), "\(page)")
                try await Task.sleep(for: .milliseconds(700))
                let owner = try MailboxMessage.all(in: directory).filter { $0.to == "owner@example.com" }
                #expect(owner.count == 1 && !owner[0].subject.contains("search plan"), "\(owner.map(\.subject))")
            }
            try await Task.sleep(for: .milliseconds(300))
            for address in ["far@example.com", "beyond@example.com", "never@example.com"] {
                #expect(try MailboxMessage.all(in: directory).filter { $0.to == address }.isEmpty, "\(address) is outside the day-3 area")
            }

            // Day 4: the area reaches `far`; the owner gets the day's plan.
            try await TestApp.run(on: storage, dataDirectory: directory, fixtures: { _ in }, configure: { $0.clockDays = 1 }) { client, directory throws in
                #expect(try await Self.mails(to: "far@example.com", in: directory, atLeast: 1).count == 1)
                let plan = try #require(try await Self.mails(to: "owner@example.com", in: directory, atLeast: 2).first { $0.subject.contains("search plan") })
                #expect(plan.subject == "Your search plan for today (4 days since it went missing)", "\(plan.subject)")
                #expect(plan.text.contains("Do not call, chase") && plan.text.contains("within 5 km"), "\(plan.text)")
                #expect(plan.listUnsubscribePost == "List-Unsubscribe=One-Click")
                let open = try #require(plan.text.firstMatch(of: /\/plan\/[^\s]+\?token=[0-9a-f]+/)).0
                // The page: today's steps with their boxes; a tick stays; a forged token opens nothing.
                var browser = RelayBrowser(client: client)
                let page = try await browser.get(String(open))
                #expect(page.contains("data-testid=\"plan-step-DO_NOT_CHASE\"") && !page.contains("checked data-testid=\"plan-step-"), "\(page)")
                #expect(try await browser.post(String(open), ["done-DO_NOT_CHASE": "1", "done-FEEDING_STATION": "1"]) == .ok)
                let ticked = try await browser.get(String(open))
                #expect(ticked.contains("value=\"1\" checked data-testid=\"plan-step-DO_NOT_CHASE\""), "\(ticked)")
                let forged = String(open).replacing(/token=[0-9a-f]+/, with: "token=" + String(repeating: "0", count: 64))
                #expect(try await client.execute(uri: forged, method: .get, headers: [:], body: nil).status == .notFound)
                // One click, as a mail client does it.
                let stop = try #require(plan.listUnsubscribe?.dropFirst().dropLast()).description
                let path = String(stop[stop.range(of: "/plan/")!.lowerBound...])
                let stopped = try await client.execute(
                    uri: path, method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                    body: ByteBuffer(string: "List-Unsubscribe=One-Click"))
                #expect(stopped.status == .ok)
            }
            #expect(try MailboxMessage.all(in: directory).filter { $0.to == "near@example.com" }.count == 1, "told once")

            // Day 8: the area reaches `beyond`; no plan e-mail after the stop.
            try await TestApp.run(on: storage, dataDirectory: directory, fixtures: { _ in }, configure: { $0.clockDays = 5 }) { _, directory throws in
                #expect(try await Self.mails(to: "beyond@example.com", in: directory, atLeast: 1).count == 1)
            }
            try await Task.sleep(for: .milliseconds(300))
            let all = try MailboxMessage.all(in: directory)
            #expect(all.filter { $0.to == "owner@example.com" && $0.subject.contains("search plan") }.count == 1, "stopped")
            for address in ["near@example.com", "far@example.com"] { #expect(all.filter { $0.to == address }.count == 1, "\(address) once") }
            #expect(all.filter { $0.to == "never@example.com" }.isEmpty)
        }
    }

    /// `petspot directory import`: a file with a bad row changes nothing and says which; a good one
    /// replaces the directory, and the owner's plan lists the places inside the likely area, nearest first.
    @Test func theDirectoryIsImportedAndThePlanListsItsPlacesNearestFirst() async throws {
        try await TestStorage.each { storage in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-directory-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let configuration = ServerConfiguration(
                dataDirectory: directory, jwtSecret: String(repeating: "s", count: 32), adminToken: nil,
                databaseURL: storage.databaseURL)
            let file = directory.appendingPathComponent("directory.csv")
            try "kind,name,address,phone,latitude,longitude\nshelter,Near,Street 1,+48 22 111 22 33,52.24,21.02\nzoo,Bad,Street 2,,52.2,21.0\n"
                .write(to: file, atomically: true, encoding: .utf8)
            await #expect(throws: DirectoryImport.Failure.self) { try await DirectoryImport.run(file: file, configuration: configuration) }
            // A file over the byte cap is refused before it is read into memory.
            let large = directory.appendingPathComponent("large.csv")
            FileManager.default.createFile(atPath: large.path, contents: nil)
            let handle = try FileHandle(forWritingTo: large)
            try handle.truncate(atOffset: UInt64(DirectoryCSV.maximumBytes + 4096))
            try handle.close()
            do {
                _ = try await DirectoryImport.run(file: large, configuration: configuration)
                Issue.record("a file over the byte cap was imported")
            } catch let failure as DirectoryImport.Failure {
                #expect(failure.description.hasSuffix("is larger than 10 MB"))
            }
            try """
            kind,name,address,phone,hours,latitude,longitude
            vet,Nearest vet,Street 3,,"Mon–Fri 9–17",52.231,21.013
            shelter,Near shelter,Street 1,+48 22 111 22 33,,52.26,21.02
            shelter,Far shelter,Street 9,,,50.06,19.94
            """.write(to: file, atomically: true, encoding: .utf8)
            let outcome = try await DirectoryImport.run(file: file, configuration: configuration)
            #expect(outcome.shelters == 2 && outcome.vets == 1)

            try await TestApp.run(on: storage, dataDirectory: directory) { client, _ throws in
                let report = try await client.createAnnouncement([
                    "species": "CAT", "lastSeenDate": ReportDate(Date(), in: Self.utc).text, "locationLatitude": Self.home.lat,
                    "locationLongitude": Self.home.lng, "microchipNumber": nil,
                ])
                var browser = RelayBrowser(client: client)
                _ = try await browser.get("/manage/\(report.id)")
                let response = try await client.executeRequest(
                    uri: "/manage/\(report.id)", method: .post, headers: [.cookie: browser.cookie, .contentType: "application/x-www-form-urlencoded"],
                    body: ByteBuffer(string: "_csrf=\(browser.token)&code=\(report.password)"))
                let page = String(buffer: response.body)
                let places = try #require(page.firstMatch(of: /data-testid="plan-places">(.*?)<\/ul>/.dotMatchesNewlines()).map { String($0.1) })
                #expect(places.contains("Nearest vet") && places.contains("Near shelter") && !places.contains("Far shelter"), "\(places)")
                #expect((places.range(of: "Nearest vet")?.lowerBound ?? places.endIndex) < (places.range(of: "Near shelter")?.lowerBound ?? places.startIndex))
                #expect(places.contains("tel:+48 22 111 22 33") && places.contains("Mon–Fri 9–17"))
            }
        }
    }
}
