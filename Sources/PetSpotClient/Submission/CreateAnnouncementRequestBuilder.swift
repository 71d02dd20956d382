import Foundation
import PetSpotAPI

/// Turns a flow's data into the create body: camelCase contract, blank optional texts left out, the
/// date as `yyyy-MM-dd` on the person's own calendar day, the phone reduced to digits and `+`.
/// The Found flow's caregiver phone and address are never part of it.
public struct CreateAnnouncementRequestBuilder: Sendable {
    public let timeZone: TimeZone

    public init(timeZone: TimeZone = .current) {
        self.timeZone = timeZone
    }

    @MainActor
    public func request(from flow: any PetReportFlowStateProtocol) throws(SubmissionError) -> CreateAnnouncementRequest {
        guard let contact = flow.contactDetails else { throw .missingContactDetails }
        guard let species = flow.animalSpecies else { throw .missingSpecies }
        guard let gender = flow.animalGender else { throw .missingGender }
        guard let date = flow.disappearanceDate else { throw .missingDate }
        guard let latitude = flow.animalLatitude, let longitude = flow.animalLongitude else { throw .missingLocation }
        return CreateAnnouncementRequest(
            petName: Self.text(flow.petName), species: species.rawValue, breed: Self.text(flow.animalRace),
            sex: gender.rawValue, age: flow.animalAge, description: Self.text(flow.animalAdditionalDescription),
            microchipNumber: Self.text(flow.chipNumber.map(MicrochipNumberFormatter.extractDigits)),
            locationLatitude: latitude, locationLongitude: longitude,
            email: Self.text(contact.email), phone: Self.text(ContactRules.sanitizedPhone(contact.phone)),
            lastSeenDate: ReportDate(date, in: timeZone).text, status: flow.status.rawValue,
            reward: Self.text(contact.rewardDescription))
    }

    /// Trimmed text, or nil when blank.
    static func text(_ value: String?) -> String? {
        let trimmed = value?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return trimmed.isEmpty ? nil : trimmed
    }
}
