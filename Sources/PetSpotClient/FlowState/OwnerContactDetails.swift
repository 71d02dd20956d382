/// The contact details sent with a report: phone, e-mail and an optional reward.
public struct OwnerContactDetails: Sendable, Equatable {
    public var phone: String
    public var email: String
    public var rewardDescription: String?

    public init(phone: String, email: String, rewardDescription: String? = nil) {
        self.phone = phone
        self.email = email
        self.rewardDescription = rewardDescription
    }
}
