/// The contact details sent with a report: phone, e-mail, an optional reward and (Missing flow) the
/// owner's private identifying trait, which the server never shows.
public struct OwnerContactDetails: Sendable, Equatable {
    public var phone: String
    public var email: String
    public var rewardDescription: String?
    public var privateTrait: String?
    /// Keep the phone and e-mail off the public report; people write through PetSpot instead.
    /// Off by default, as the published apps show them.
    public var relayContact: Bool

    public init(phone: String, email: String, rewardDescription: String? = nil, privateTrait: String? = nil, relayContact: Bool = false) {
        self.phone = phone
        self.email = email
        self.rewardDescription = rewardDescription
        self.privateTrait = privateTrait
        self.relayContact = relayContact
    }
}
