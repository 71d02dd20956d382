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
        // The flow's values go into the one report form the web fills too, and from it to the request.
        var form = ReportForm(kind: flow.status == .found ? .found : .missing)
        let chip = MicrochipNumberFormatter.extractDigits(flow.chipNumber ?? "")
        if form.kind == .missing { form.microchip = chip }
        form.petName = flow.petName ?? ""
        form.species = species.rawValue
        for text in PetText.plainLines { form[text.formField] = flow.petTexts[text] ?? "" }
        form.sex = gender.rawValue
        form.age = flow.animalAge.map(String.init) ?? ""
        form.description = flow.animalAdditionalDescription ?? ""
        form.latitude = "\(latitude)"
        form.longitude = "\(longitude)"
        form.email = contact.email
        form.phone = contact.phone
        form.lastSeenDate = ReportDate(date, in: timeZone).text
        form.reward = contact.rewardDescription ?? ""
        if form.kind == .missing {
            form.privateTrait = contact.privateTrait ?? ""
            form.lifestyle = flow.searchAnswers.lifestyle?.rawValue ?? ""
            form.temperament = flow.searchAnswers.temperament?.rawValue ?? ""
            form.newToArea = flow.searchAnswers.newToAreaText ?? ""
        }
        // The apps show the contact details on the report, as the published apps do (seed 004), unless the
        // reporter keeps them private (the server then relays messages by e-mail).
        form.contactVisibility = contact.relayContact ? "RELAYED" : "PUBLIC"
        var request = CreateAnnouncementRequest(form: form)
        // The app's collar field is a chip number's (digits only, seed 002): whatever its length, it is the chip.
        if form.kind == .found { request.microchipNumber = chip.isEmpty ? nil : chip }
        return request
    }

    /// Trimmed text, or nil when blank.
    static func text(_ value: String?) -> String? {
        let trimmed = value?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return trimmed.isEmpty ? nil : trimmed
    }
}
