import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import PetSpotClient

/// The app's sightings (add, timeline, the owner's hide), messages to a
/// reporter and the flyer link, through PetSpotClient's view models against the real server.
@MainActor
@Suite struct SightingsAndMessagesTests {
    func missingReport(_ repository: URLSessionAnnouncementRepository) async throws -> AnnouncementResult {
        try await repository.createAnnouncement(
            CreateAnnouncementRequest(
                petName: "Rex", species: "DOG", sex: "MALE", locationLatitude: 52.2297, locationLongitude: 21.0122,
                email: "owner@example.com", lastSeenDate: "2025-11-20", status: "MISSING"))
    }

    @Test func aSightingIsCheckedSentAndShownOnTheTimelineAndTheOwnerHidesIt() async throws {
        try await withTestServer { @MainActor baseURL in
            let repository = URLSessionAnnouncementRepository(baseURL: baseURL, session: .suite)
            let report = try await missingReport(repository)
            let form = SightingReportViewModel(reportID: report.id, repository: repository, strings: LocalizedStrings(language: .polish))
            // Nowhere yet, and an hour ahead: both said, nothing sent.
            form.seenAt = Date().addingTimeInterval(3600)
            await form.sendTapped()
            #expect(form.whereError == "Wybierz miejsce lub użyj swojej lokalizacji")
            #expect(form.whenError == "Czas nie może być w przyszłości")
            #expect(form.sent == nil)
            form.seenAt = Date().addingTimeInterval(-600)
            form.placeChosen(
                PlaceDTO(
                    Place(
                        name: "Warsaw", countryCode: "PL", population: 1_700_000,
                        coordinate: Coordinate(latitude: 52.22977, longitude: 21.01178))))
            form.noteChanged("By the fountain, " + String(repeating: "a", count: 600))
            #expect(form.note.count == 500)
            // A thumb with its skin tone is one character of two code points; the server counts code points.
            form.noteChanged(String(repeating: "\u{1F44D}\u{1F3FD}", count: 300))
            #expect(form.note.count == 250 && form.note.unicodeScalars.count == 500)
            form.noteChanged("By the fountain")
            form.email = "walker@example.com"
            form.photo = SightingPhoto(data: Data(Fixtures.jpeg))
            await form.sendTapped()
            let sent = try #require(form.sent, "\(String(describing: form.alertMessage))")
            #expect(sent.note == "By the fountain" && sent.latitude == 52.23 && sent.photoUrl?.hasPrefix("/images/sighting-") == true)

            let other = SightingReportViewModel(reportID: report.id, repository: repository)
            other.locationFound(Coordinate(latitude: 52.25, longitude: 21.05))
            await other.sendTapped()
            #expect(other.sent != nil)

            let timeline = SightingTimelineViewModel(reportID: report.id, repository: repository)
            await timeline.load()
            #expect(timeline.sightings.map(\.note) == [nil, "By the fountain"])
            let owner = SightingTimelineViewModel(reportID: report.id, managementPassword: report.managementPassword, repository: repository)
            await owner.load()
            await owner.setHidden(try #require(owner.sightings.first { $0.note == "By the fountain" }), hidden: true)
            #expect(owner.sightings.first { $0.note == "By the fountain" }?.hidden == true)
            await timeline.load()
            #expect(timeline.sightings.count == 1)

            // A found report takes none.
            let closed = SightingReportViewModel(reportID: AnnouncementID("no-such-report"), repository: repository)
            closed.locationFound(Coordinate(latitude: 52.25, longitude: 21.05))
            await closed.sendTapped()
            #expect(closed.alertMessage == LocalizedStrings()[.sightingClosed])
        }
    }

    @Test func aMessageToTheOwnerIsCheckedAndSentAndTheFlyerOpens() async throws {
        try await withTestServer { @MainActor baseURL in
            let repository = URLSessionAnnouncementRepository(baseURL: baseURL, session: .suite)
            let report = try await missingReport(repository)
            let contact = ContactReporterViewModel(report: report.id, status: .missing, repository: repository)
            #expect(contact.asksForTrait && contact.advice.count == 4)
            contact.email = "not an address"
            contact.message = "hi"
            await contact.sendTapped()
            #expect(contact.nameError != nil && contact.emailError != nil && contact.messageError != nil && !contact.isSent)
            contact.name = "Anna"
            contact.email = "anna@example.com"
            contact.trait = "White spot on the left ear"
            contact.message = "I think I saw your dog near the station."
            await contact.sendTapped()
            #expect(contact.isSent, "\(String(describing: contact.alertMessage))")
            #expect(contact.alertMessage == LocalizedStrings()[.messageSent])

            let (_, response) = try await URLSession.suite.data(from: repository.flyerURL(for: report.id))
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
        }
    }
}

/// The "alert me" screen's calls against the real server.
@MainActor
@Suite struct AlertSubscriptionTests {
    @Test func subscribingIsPendingUntilConfirmedAndUnsubscribingStopsIt() async throws {
        try await withTestServer { @MainActor baseURL in
            let repository = URLSessionAnnouncementRepository(baseURL: baseURL, session: .suite)
            let screen = AlertSubscriptionViewModel(repository: repository, strings: LocalizedStrings(language: .polish))
            screen.email = "not an address"
            await screen.subscribeTapped()
            #expect(screen.emailError != nil && screen.whereError != nil && screen.subscription == nil)
            screen.email = "neighbour@example.com"
            screen.placeChosen(
                PlaceDTO(
                    Place(
                        name: "Warsaw", countryCode: "PL", population: 1_700_000,
                        coordinate: Coordinate(latitude: 52.2297, longitude: 21.0122))))
            screen.radiusKm = 10
            screen.kinds = "MISSING"
            screen.species = .dog
            screen.frequency = .daily
            await screen.subscribeTapped()
            let subscription = try #require(screen.subscription, "\(String(describing: screen.alertMessage))")
            #expect(subscription.status == "PENDING" && subscription.placeName == "Warsaw" && subscription.species == ["DOG"])
            #expect(subscription.language == "pl" && subscription.frequency == "DAILY" && !screen.isActive)
            #expect(screen.alertMessage == LocalizedStrings(language: .polish)[.alertsCheckInbox])
            // Changing it keeps the address; unsubscribing deletes it.
            let token = try #require(subscription.manageToken)
            let changed = try await repository.updateAlert(
                id: subscription.id, token: token,
                CreateAlertRequest(
                    email: nil, latitude: 52.2297, longitude: 21.0122, radiusKm: 25, kinds: "BOTH"))
            #expect(changed.radiusKm == 25 && changed.kinds == "BOTH" && changed.email == "neighbour@example.com")
            await screen.refresh()
            #expect(screen.subscription?.radiusKm == 25)
            await screen.unsubscribeTapped()
            #expect(screen.subscription == nil)
            await #expect(throws: RepositoryError.notFound) { try await repository.alert(id: subscription.id, token: token) }
        }
    }
}

/// The owner's matches screen against the real server.
@MainActor
@Suite struct ReportMatchesViewModelTests {
    @Test func theOwnerSeesTheFoundReportWithTheSameChipAndAWrongCodeIsSaid() async throws {
        try await withTestServer { @MainActor baseURL in
            let repository = URLSessionAnnouncementRepository(baseURL: baseURL, session: .suite)
            func create(_ status: String) async throws -> AnnouncementResult {
                let report = try await repository.createAnnouncement(
                    CreateAnnouncementRequest(
                        species: "DOG", sex: "MALE", microchipNumber: "616093900012345", locationLatitude: 52.2297, locationLongitude: 21.0122,
                        email: "\(status.lowercased())@example.com", lastSeenDate: "2025-11-20", status: status))
                let photo = PhotoAttachmentMetadata(
                    fileName: "p.jpg", fileSizeBytes: Int64(Fixtures.jpeg.count), imageType: .jpeg,
                    cachedURL: URL(fileURLWithPath: "/dev/null"), savedAt: Date())
                try await repository.uploadPhoto(
                    PhotoUploadRequest(
                        announcementId: report.id, photo: photo, data: Data(Fixtures.jpeg),
                        managementPassword: report.managementPassword))
                return report
            }
            let missing = try await create("MISSING")
            let found = try await create("FOUND")
            let screen = ReportMatchesViewModel(reportID: missing.id, managementPassword: missing.managementPassword, repository: repository)
            await screen.load()
            #expect(screen.matches.map(\.announcement.id) == [found.id.rawValue] && screen.errorMessage == nil)
            #expect(screen.matches.first.map(screen.isChipMatch) == true)
            let wrong = ReportMatchesViewModel(
                reportID: missing.id, managementPassword: "000000", repository: repository,
                strings: LocalizedStrings(language: .polish))
            await wrong.load()
            #expect(wrong.matches.isEmpty && wrong.errorMessage == "Ten kod nie otwiera tego zgłoszenia.")
        }
    }
}
