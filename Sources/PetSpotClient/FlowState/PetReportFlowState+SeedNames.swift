import PetSpotDomain

/// Seed 002's name for the Missing flow's state.
public typealias FlowState = MissingPetReportFlowState

/// Seed 002's fields of the flow state, over the fields the later seeds and the reference app use.
extension PetReportFlowState {
    /// The additional description (`animalAdditionalDescription`).
    public var description: String? {
        get { animalAdditionalDescription }
        set { animalAdditionalDescription = newValue }
    }

    /// The contact e-mail (`contactDetails.email`); nil when none was given.
    public var contactEmail: String? {
        get { contactDetails.flatMap { $0.email.isEmpty ? nil : $0.email } }
        set { updateContact { $0.email = newValue ?? "" } }
    }

    /// The contact phone (`contactDetails.phone`); nil when none was given.
    public var contactPhone: String? {
        get { contactDetails.flatMap { $0.phone.isEmpty ? nil : $0.phone } }
        set { updateContact { $0.phone = newValue ?? "" } }
    }

    public var hasChipNumber: Bool { !(chipNumber ?? "").isEmpty }
    public var hasPhoto: Bool { photoAttachment != nil }
    public var hasDescription: Bool { !(animalAdditionalDescription ?? "").isEmpty }
    /// At least one way to reach the reporter.
    public var hasContactInfo: Bool { contactEmail != nil || contactPhone != nil }

    /// The chip number as shown, `12345-67890-12345`; nil when there is none.
    public var formattedChipNumber: String? {
        guard let chipNumber, !chipNumber.isEmpty else { return nil }
        return MicrochipNumberFormatter.format(chipNumber)
    }

    private func updateContact(_ change: (inout OwnerContactDetails) -> Void) {
        var details = contactDetails ?? OwnerContactDetails(phone: "", email: "")
        change(&details)
        let empty = details.phone.isEmpty && details.email.isEmpty && details.rewardDescription == nil && details.privateTrait == nil
        // Only details with nothing in them (and no choice to relay) go; a field emptied keeps the others.
        contactDetails = empty && !details.relayContact ? nil : details
    }
}
