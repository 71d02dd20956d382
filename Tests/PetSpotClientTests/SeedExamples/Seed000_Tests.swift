import Foundation
import PetSpotAPI
import PetSpotDomain
import Testing
@testable import PetSpotClient

/// Seed 000 — "Data Model: iOS Align Found Flow (3-step)" (FoundPetReportFlowState, its validation
/// rules per step, the microchip table, "Backend Payload Changes: None", the test-data examples).
@MainActor
@Suite struct Seed000Tests {
    let directory = Fixtures.temporaryDirectory()
    let cache: PhotoAttachmentCache
    let scheduler = ToastScheduler(clock: ManualClock())

    init() { cache = PhotoAttachmentCache(directory: directory) }

    /// Seed: `validState.photoAttachment = PhotoAttachmentMetadata(/* ... */)` — filled with seed 004's shape.
    func seedMetadata() -> PhotoAttachmentMetadata {
        PhotoAttachmentMetadata(
            cachedURL: directory.appendingPathComponent("photo.jpg"), mimeType: "image/jpeg", fileSize: 2048, capturedAt: Date())
    }

    func makeDetails(_ state: FoundPetReportFlowState, now: @escaping () -> Date = Date.init) -> FoundPetPetDetailsViewModel {
        FoundPetPetDetailsViewModel(flowState: state, toastScheduler: scheduler, now: now)
    }

    func fillRequiredDetails(_ viewModel: FoundPetPetDetailsViewModel) {
        viewModel.selectedSpecies = .cat
        viewModel.selectedGender = .female
        viewModel.latitude = "50.0647"
        viewModel.longitude = "19.9450"
    }

    // Seed: "| `chipNumber` | `String?` | No |" … "| `managementPassword` | `String?` | No |" and
    // "| `caregiverPhoneNumber` | `String?` |", "| `currentPhysicalAddress` | `String?` |" — every field with its type.
    @Test func everyFieldHasTheTablesTypeAndStartsEmpty() {
        let state = FoundPetReportFlowState(photoAttachmentCache: cache)
        let chipNumber: String? = state.chipNumber
        let photoAttachment: PhotoAttachmentMetadata? = state.photoAttachment
        let photoStatus: PhotoAttachmentStatus = state.photoStatus
        let disappearanceDate: Date? = state.disappearanceDate
        let animalSpecies: AnimalSpecies? = state.animalSpecies
        let animalRace: String? = state.animalRace
        let animalGender: AnimalGender? = state.animalGender
        let animalAge: Int? = state.animalAge
        let petName: String? = state.petName
        let animalLatitude: Double? = state.animalLatitude
        let animalLongitude: Double? = state.animalLongitude
        let animalAdditionalDescription: String? = state.animalAdditionalDescription
        let contactDetails: OwnerContactDetails? = state.contactDetails
        let managementPassword: String? = state.managementPassword
        let caregiverPhoneNumber: String? = state.caregiverPhoneNumber
        let currentPhysicalAddress: String? = state.currentPhysicalAddress
        #expect(chipNumber == nil && photoAttachment == nil && photoStatus == .empty && disappearanceDate == nil)
        #expect(animalSpecies == nil && animalRace == nil && animalGender == nil && animalAge == nil && petName == nil)
        #expect(animalLatitude == nil && animalLongitude == nil && animalAdditionalDescription == nil)
        #expect(contactDetails == nil && managementPassword == nil && caregiverPhoneNumber == nil && currentPhysicalAddress == nil)
    }

    // Seed, "Valid Complete Flow State": `let validState = FoundPetReportFlowState(photoAttachmentCache: cache)` …
    // and "Per FR-016, the iOS-only fields are NOT included in backend requests."
    @Test func validCompleteFlowStateSubmitsWithoutTheIOSOnlyFields() async throws {
        let validState = FoundPetReportFlowState(photoAttachmentCache: cache)
        validState.photoStatus = .ready
        validState.photoAttachment = seedMetadata()
        validState.disappearanceDate = Date()
        validState.animalSpecies = .dog
        validState.animalGender = .male
        validState.animalLatitude = 52.2297
        validState.animalLongitude = 21.0122
        validState.chipNumber = "123456789012345"
        validState.contactDetails = OwnerContactDetails(
            phone: "+48123456789",
            email: "finder@example.com",
            rewardDescription: nil
        )
        validState.caregiverPhoneNumber = "+48987654321"
        validState.currentPhysicalAddress = "123 Main Street, Warsaw, Poland"

        let repository = FakeAnnouncementRepository()
        let password = try await AnnouncementSubmissionService(repository: repository).submitAnnouncement(flowState: validState)
        #expect(password == "123451")
        let request = try #require(await repository.createdRequests.first)
        #expect(request.species == "DOG" && request.sex == "MALE" && request.status == "FOUND")
        #expect(request.microchipNumber == "123456789012345")
        #expect(request.locationLatitude == 52.2297 && request.locationLongitude == 21.0122)
        #expect(request.phone == "+48123456789" && request.email == "finder@example.com")
        #expect(request.caregiverPhone == nil && request.currentAddress == nil)
        let keys = Set((try JSONSerialization.jsonObject(with: JSONEncoder().encode(request)) as? [String: Any] ?? [:]).keys)
        #expect(keys == ["species", "sex", "lastSeenDate", "locationLatitude", "locationLongitude", "email", "phone", "status", "microchipNumber"])
        // The iOS-only fields stay in the flow state ("exist only in FoundPetReportFlowState for UI purposes").
        #expect(validState.caregiverPhoneNumber == "+48987654321" && validState.currentPhysicalAddress == "123 Main Street, Warsaw, Poland")
    }

    // Seed, "Minimal Valid Flow State": cat, female, 50.0647/19.9450, phone "1234567", email "test@test.com";
    // "// chipNumber: nil // caregiverPhoneNumber: nil // currentPhysicalAddress: nil".
    @Test func minimalValidFlowStateSubmitsOnlyTheRequiredValues() async throws {
        let minimalState = FoundPetReportFlowState(photoAttachmentCache: cache)
        minimalState.photoStatus = .ready
        minimalState.photoAttachment = seedMetadata()
        minimalState.disappearanceDate = Date()
        minimalState.animalSpecies = .cat
        minimalState.animalGender = .female
        minimalState.animalLatitude = 50.0647
        minimalState.animalLongitude = 19.9450
        minimalState.contactDetails = OwnerContactDetails(
            phone: "1234567",
            email: "test@test.com",
            rewardDescription: nil
        )
        #expect(minimalState.chipNumber == nil && minimalState.caregiverPhoneNumber == nil && minimalState.currentPhysicalAddress == nil)
        let repository = FakeAnnouncementRepository()
        _ = try await AnnouncementSubmissionService(repository: repository).submitAnnouncement(flowState: minimalState)
        let request = try #require(await repository.createdRequests.first)
        #expect(request.species == "CAT" && request.sex == "FEMALE" && request.status == "FOUND")
        #expect(request.microchipNumber == nil && request.phone == "1234567" && request.email == "test@test.com")
        let keys = Set((try JSONSerialization.jsonObject(with: JSONEncoder().encode(request)) as? [String: Any] ?? [:]).keys)
        #expect(keys == ["species", "sex", "lastSeenDate", "locationLatitude", "locationLongitude", "email", "phone", "status"])
    }

    // Seed: "`managementPassword` field remains in FlowState for backwards compatibility with existing code".
    @Test func managementPasswordIsStillAFieldAndClearForgetsIt() async {
        let state = FoundPetReportFlowState(photoAttachmentCache: cache)
        state.managementPassword = "467432"
        #expect(state.managementPassword == "467432")
        await state.clear()
        #expect(state.managementPassword == nil)
    }

    // Seed, clear(): "try? await photoAttachmentCache.clearCurrent()" — clearing never fails, even with nothing cached.
    @Test func clearWithNothingCachedStillResetsTheNewFields() async throws {
        let state = FoundPetReportFlowState(photoAttachmentCache: PhotoAttachmentCache(directory: Fixtures.temporaryDirectory()))
        state.caregiverPhoneNumber = "+48987654321"
        state.currentPhysicalAddress = "123 Main Street, Warsaw, Poland"
        state.photoStatus = .ready
        await state.clear()
        #expect(state.caregiverPhoneNumber == nil && state.currentPhysicalAddress == nil && state.photoStatus == .empty)
        #expect(try await state.photoAttachmentCache.loadCurrent() == nil)
    }

    // Seed, Step 1: "| `photoStatus` | Must be `.ready` to proceed | "Photo is mandatory" |".
    @Test func step1DoesNotProceedWithoutAReadyPhoto() {
        let state = FoundPetReportFlowState(photoAttachmentCache: cache)
        let viewModel = FoundPetPhotoViewModel(flowState: state, toastScheduler: scheduler)
        var proceeded = false
        viewModel.onNext = { proceeded = true }
        viewModel.handleNext()
        #expect(!proceeded)
        #expect(viewModel.showsMandatoryToast)
        #expect(viewModel.strings[.photoMandatoryToast] == "Photo is mandatory")
        #expect(viewModel.progress.displayText == "1/3")
    }

    // Seed, Step 1: "Must be `.ready` to proceed" — a ready photo in the flow state lets Continue through.
    @Test func step1ProceedsWhenThePhotoIsReady() {
        let state = FoundPetReportFlowState(photoAttachmentCache: cache)
        state.photoStatus = .ready
        state.photoAttachment = seedMetadata()
        let viewModel = FoundPetPhotoViewModel(flowState: state, toastScheduler: scheduler)
        var proceeded = false
        viewModel.onNext = { proceeded = true }
        viewModel.handleNext()
        #expect(proceeded)
        #expect(!viewModel.showsMandatoryToast)
    }

    // Seed, state diagram: "photoStatus: PhotoAttachmentStatus (.empty → .ready)".
    @Test func pickingAPhotoMovesStatusFromEmptyToReady() async {
        let state = FoundPetReportFlowState(photoAttachmentCache: cache)
        let viewModel = FoundPetPhotoViewModel(flowState: state, toastScheduler: scheduler)
        #expect(state.photoStatus == .empty)
        await viewModel.handlePhotoSelection(PhotoSelection(data: Fixtures.jpeg, fileName: "found.jpg"))
        #expect(state.photoStatus == .ready)
        #expect(state.photoAttachment?.fileName == "found.jpg")
        await state.clear()
    }

    // Seed, Step 2: "| `animalLatitude` | Required, -90 to 90 | "Fill in latitude" / "Latitude must be between -90 and 90" |"
    // and "| `animalLongitude` | Required, -180 to 180 | "Fill in longitude" / "Longitude must be between -180 and 180" |".
    @Test(
        arguments: [
            ("91", "0", "Latitude must be between -90 and 90", nil),
            ("-90.5", "0", "Latitude must be between -90 and 90", nil),
            ("0", "181", nil, "Longitude must be between -180 and 180"),
            ("0", "-180.01", nil, "Longitude must be between -180 and 180"),
            ("", "21.0122", "Fill in latitude", nil),
            ("52.2297", "", nil, "Fill in longitude"),
        ] as [(String, String, String?, String?)])
    func step2CoordinatesAreRequiredAndInRange(latitude: String, longitude: String, latError: String?, longError: String?) {
        let state = FoundPetReportFlowState(photoAttachmentCache: cache)
        let viewModel = makeDetails(state)
        fillRequiredDetails(viewModel)
        viewModel.latitude = latitude
        viewModel.longitude = longitude
        var proceeded = false
        viewModel.onContinue = { proceeded = true }
        viewModel.continueTapped()
        #expect(!proceeded)
        #expect(viewModel.errors.latitude == latError)
        #expect(viewModel.errors.longitude == longError)
        #expect(state.animalLatitude == nil && state.animalLongitude == nil)
    }

    // Seed, Step 2: "| `animalAge` | Optional, if provided: 0-40 | "Age must be between 0 and 40" |".
    @Test(
        arguments: [
            ("0", 0, nil), ("40", 40, nil), ("", nil, nil), ("-1", nil, "Age must be between 0 and 40"),
            ("100", nil, "Age must be between 0 and 40"),
        ] as [(String, Int?, String?)])
    func step2AgeIsOptionalButZeroToForty(age: String, stored: Int?, error: String?) {
        let state = FoundPetReportFlowState(photoAttachmentCache: cache)
        let viewModel = makeDetails(state)
        fillRequiredDetails(viewModel)
        viewModel.age = age
        var proceeded = false
        viewModel.onContinue = { proceeded = true }
        viewModel.continueTapped()
        #expect(viewModel.errors.age == error)
        #expect(proceeded == (error == nil))
        if error == nil { #expect(state.animalAge == stored) }
    }

    // Seed, Step 2: "| `disappearanceDate` | Required, ≤ today | N/A (DatePicker enforces) |".
    @Test func step2DateIsRequiredAndNeverAfterToday() {
        let today = Date(timeIntervalSince1970: 1_767_960_000) // 2026-01-09, the seed's date
        let state = FoundPetReportFlowState(photoAttachmentCache: cache)
        let viewModel = makeDetails(state, now: { today })
        fillRequiredDetails(viewModel)
        viewModel.disappearanceDate = today.addingTimeInterval(3 * 86_400)
        #expect(viewModel.disappearanceDate <= today)
        viewModel.continueTapped()
        #expect(state.disappearanceDate.map { $0 <= today } == true)
    }

    // Seed, "Microchip Number Formatting": "| Input | Stored Value | Display Value |" on the Found step 2 collar field.
    @Test(arguments: Fixtures.microchipTable)
    func step2CollarFollowsTheMicrochipTable(input: String, stored: String, display: String) {
        let state = FoundPetReportFlowState(photoAttachmentCache: cache)
        let viewModel = makeDetails(state)
        viewModel.updateCollarData(input)
        #expect(viewModel.formattedCollarData == display)
        fillRequiredDetails(viewModel)
        viewModel.continueTapped()
        #expect(state.chipNumber == (stored.isEmpty ? nil : stored))
    }

    // Seed: "| `animalAdditionalDescription` | `String?` | No | Additional description (max 500) |".
    @Test func step2AdditionalDescriptionIsCappedAt500() {
        let state = FoundPetReportFlowState(photoAttachmentCache: cache)
        let viewModel = makeDetails(state)
        fillRequiredDetails(viewModel)
        viewModel.descriptionChanged(String(repeating: "d", count: 501))
        viewModel.continueTapped()
        #expect(state.animalAdditionalDescription?.count == 500)
    }

    // Seed, Step 3: "| `currentPhysicalAddress` | Optional, max 500 chars | N/A (hard cap, no error) |".
    @Test func step3AddressIsHardCappedWithoutAnError() async {
        let state = FoundPetReportFlowState(photoAttachmentCache: cache)
        let service = FakeSubmissionService()
        let viewModel = FoundPetContactDetailsViewModel(flowState: state, submissionService: service)
        viewModel.phone = "1234567"
        viewModel.email = "test@test.com"
        viewModel.currentAddress = String(repeating: "a", count: 650)
        await viewModel.continueTapped()
        #expect(service.calls == 1)
        #expect(viewModel.phoneError == nil && viewModel.emailError == nil && viewModel.caregiverPhoneError == nil)
        #expect(state.currentPhysicalAddress?.count == 500)
    }

    // Seed: caregiverPhoneNumber / currentPhysicalAddress "| No |" (optional): left empty, they stay nil.
    @Test func step3EmptyOptionalFieldsAreStoredAsNil() async {
        let state = FoundPetReportFlowState(photoAttachmentCache: cache)
        let viewModel = FoundPetContactDetailsViewModel(flowState: state, submissionService: FakeSubmissionService())
        viewModel.phone = "1234567"
        viewModel.email = "test@test.com"
        viewModel.caregiverPhone = ""
        viewModel.currentAddress = ""
        await viewModel.continueTapped()
        #expect(state.contactDetails == OwnerContactDetails(phone: "1234567", email: "test@test.com", rewardDescription: nil))
        #expect(state.caregiverPhoneNumber == nil && state.currentPhysicalAddress == nil)
    }

    // Seed, Step 3: "| `phone` | Required, 7-11 digits | "Enter at least 7 digits" |",
    // "| `email` | Required, valid format | "Enter a valid email address" |".
    @Test func step3PhoneOverElevenDigitsAndBadEmailAreRefused() async {
        let state = FoundPetReportFlowState(photoAttachmentCache: cache)
        let service = FakeSubmissionService()
        let viewModel = FoundPetContactDetailsViewModel(flowState: state, submissionService: service)
        viewModel.phone = "+48 123 456 789 01"
        viewModel.email = "finder@example"
        await viewModel.continueTapped()
        #expect(viewModel.phoneError == "Enter at least 7 digits")
        #expect(viewModel.emailError == "Enter a valid email address")
        #expect(service.calls == 0 && state.contactDetails == nil)
    }
}
