import Foundation
import Testing
@testable import PetSpotClient

/// The flows driven through their view models against the real server on 127.0.0.1.
@MainActor
@Suite struct EndToEndTests {
    static let warsaw = Coordinate(latitude: 52.2297, longitude: 21.0122)

    func dependencies(_ repository: any AnnouncementRepositoryProtocol, clipboard: RecordingClipboard = RecordingClipboard()) -> ReportFlowDependencies {
        ReportFlowDependencies(
            submissionService: AnnouncementSubmissionService(repository: repository),
            photoCacheDirectory: Fixtures.temporaryDirectory(), clipboard: clipboard,
            makeToastScheduler: { ToastScheduler(clock: ManualClock()) })
    }

    /// Steps 1–4 of the Missing flow, as an owner fills them in.
    func fillMissingFlow(_ coordinator: MissingPetReportCoordinator, chip: String) async throws -> MissingPetContactDetailsViewModel {
        coordinator.start()
        let chipStep = try #require(coordinator.chipNumberViewModel)
        chipStep.chipNumberChanged(chip)
        chipStep.continueTapped()
        let photo = try #require(coordinator.photoViewModel)
        await photo.photoPicked(PhotoSelection(data: Fixtures.jpeg, fileName: "rex.jpg"))
        photo.continueTapped()
        let description = try #require(coordinator.animalDescriptionViewModel)
        description.petName = "Rex"
        description.speciesSelected(.dog)
        description.raceChanged("Beagle")
        description.genderSelected(.male)
        description.age = "4"
        description.latitude = "52.2297"
        description.longitude = "21.0122"
        description.descriptionChanged("White paws")
        description.continueTapped()
        let contact = try #require(coordinator.contactDetailsViewModel)
        contact.phone = "+48 123 456 789"
        contact.email = "owner@example.com"
        contact.rewardChanged("A big bone")
        return contact
    }

    @Test func missingFlowFromMicrochipToSummaryPublishesTheReportWithItsPhoto() async throws {
        try await withTestServer { @MainActor baseURL in
            let repository = URLSessionAnnouncementRepository(baseURL: baseURL, session: .suite)
            let clipboard = RecordingClipboard()
            let coordinator = MissingPetReportCoordinator(dependencies: dependencies(repository, clipboard: clipboard))
            let contact = try await fillMissingFlow(coordinator, chip: "111112222233333")
            await contact.continueTapped()
            #expect(!contact.showAlert)
            let summary = try #require(coordinator.summaryViewModel)
            let password = summary.displayPassword
            #expect(password.count == 6 && password.allSatisfy(\.isNumber))
            summary.copyPasswordToClipboard()
            #expect(clipboard.copied == [password])

            let found = try await repository.announcements(near: Self.warsaw, rangeKm: 5)
            #expect(found.count == 1)
            let report = try #require(found.first)
            #expect(report.microchipNumber == "111112222233333" && report.petName == "Rex" && report.breed == "Beagle")
            #expect(report.status == .missing && report.age == 4 && report.reward == "A big bone")
            #expect(report.phone == "+48123456789" && report.email == "owner@example.com")
            let photoBytes = try await download(try #require(report.photoURL))
            #expect(photoBytes == Fixtures.jpeg)

            // The list's search field: a typo still finds the beagle; other words find nothing.
            let list = AnnouncementListViewModel(repository: repository, location: Self.warsaw, rangeKm: 5)
            list.searchText = " beagel "
            await list.load()
            guard case .loaded(let cards) = list.state else { Issue.record("expected the beagle, got \(list.state)"); return }
            #expect(cards.map(\.id) == [report.id])
            list.searchText = "tabby"
            await list.load()
            #expect(list.state == .empty(message: LocalizedStrings()[.listSearchEmptyMessage]))

            summary.closeTapped()
            #expect(!coordinator.isPresented && coordinator.flowState.managementPassword == nil)

            try await repository.deleteAnnouncement(id: report.id, managementPassword: password)
            await #expect(throws: RepositoryError.notFound) { try await repository.announcement(id: report.id) }
        }
    }

    @Test func foundFlowSendsAFoundReportAndEndsWithAConfirmation() async throws {
        try await withTestServer { @MainActor baseURL in
            let repository = URLSessionAnnouncementRepository(baseURL: baseURL, session: .suite)
            let coordinator = FoundPetReportCoordinator(dependencies: dependencies(repository))
            coordinator.start()
            let photo = try #require(coordinator.photoViewModel)
            await photo.photoPicked(PhotoSelection(data: Fixtures.png, fileName: "found.png"))
            photo.continueTapped()
            let details = try #require(coordinator.petDetailsViewModel)
            details.updateCollarData("98765-43210")
            details.speciesSelected(.cat)
            details.genderSelected(.female)
            details.latitude = "50.0647"
            details.longitude = "19.9450"
            details.continueTapped()
            let contact = try #require(coordinator.contactInformationViewModel)
            contact.phone = "1234567"
            contact.email = "finder@example.com"
            contact.caregiverPhone = "+48987654321"
            contact.currentAddressChanged("123 Main Street\nKraków")
            await contact.continueTapped()
            let confirmation = try #require(coordinator.confirmation)
            #expect(!coordinator.isPresented)

            let found = try await repository.announcements(near: Coordinate(latitude: 50.0647, longitude: 19.9450), rangeKm: 5)
            let report = try #require(found.first)
            #expect(found.count == 1)
            #expect(report.status == .found && report.microchipNumber == "9876543210" && report.species == "CAT")
            #expect(report.description == nil && report.reward == nil)
            let photoBytes = try await download(try #require(report.photoURL))
            #expect(photoBytes == Fixtures.png)

            try await repository.closeAnnouncement(id: report.id, managementPassword: confirmation.managementPassword)
            let closed = try await repository.announcement(id: report.id)
            #expect(closed.status == .closed)
        }
    }

    @Test func failedPhotoUploadThenRetryLeavesExactlyOneReport() async throws {
        try await withTestServer { @MainActor baseURL in
            let real = URLSessionAnnouncementRepository(baseURL: baseURL, session: .suite)
            let repository = FirstUploadRejectedRepository(base: real)
            let coordinator = MissingPetReportCoordinator(dependencies: dependencies(repository))
            let contact = try await fillMissingFlow(coordinator, chip: "555554444433333")
            await contact.continueTapped()
            #expect(contact.showAlert)
            #expect(contact.alertMessage == "Please try again later.")
            #expect(coordinator.summaryViewModel == nil)

            await contact.tryAgainTapped()
            #expect(!contact.showAlert)
            let summary = try #require(coordinator.summaryViewModel)
            let created = await repository.createdIds
            #expect(created.count == 1)
            let report = try await real.announcement(id: try #require(created.first))
            #expect(report.photoURL != nil)
            let listed = try await real.announcements(near: Self.warsaw, rangeKm: 5)
            #expect(listed.map(\.id) == created)
            #expect(!summary.displayPassword.isEmpty)
        }
    }

    @Test func unreachableServerReadsAsANetworkProblem() async throws {
        let repository = URLSessionAnnouncementRepository(baseURL: URL(string: "http://127.0.0.1:1")!, session: .suite)
        let coordinator = MissingPetReportCoordinator(dependencies: dependencies(repository))
        let contact = try await fillMissingFlow(coordinator, chip: "")
        await contact.continueTapped()
        #expect(contact.alertMessage == "Please check your network and try again.")
        await coordinator.exitFlow()
    }

    @Test func listWithoutLocationAndUnknownDetailsAgainstTheServer() async throws {
        try await withTestServer { baseURL in
            let repository = URLSessionAnnouncementRepository(baseURL: baseURL, session: .suite)
            let everything = try await repository.announcements(near: nil, rangeKm: 100)
            #expect(everything.isEmpty)
            await #expect(throws: RepositoryError.notFound) {
                try await repository.announcement(id: AnnouncementID("00000000-0000-0000-0000-000000000000"))
            }
        }
    }
}
