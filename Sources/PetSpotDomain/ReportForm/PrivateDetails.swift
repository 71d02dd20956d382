/// What a report keeps out of public view: never in a public page or a public API answer; shown to the
/// reporter on the manage page (with the code) and to the other side of a match in its e-mail.
public struct PrivateDetails: Sendable, Equatable, Codable {
    /// The kind the report was filed as, so that a closed report reopens as what it was.
    public var reportedAs: AnnouncementStatus
    /// The Found flow's caregiver: whoever looks after the pet now, and where it is.
    public var caregiverPhone: String?
    public var currentAddress: String?
    /// A Found collar's or tag's text (it often carries the owner's phone).
    public var collarTag: String?
    /// The owner's private identifying trait: something only the owner knows, never shown
    /// publicly, for checking a finder's description against.
    public var identifyingTrait: String?
    /// The owner's answers about how the pet lives, which choose its likely area and plan.
    public var searchAnswers: SearchAnswers

    public init(
        reportedAs: AnnouncementStatus, caregiverPhone: String? = nil, currentAddress: String? = nil,
        collarTag: String? = nil, identifyingTrait: String? = nil, searchAnswers: SearchAnswers = SearchAnswers()
    ) {
        self.reportedAs = reportedAs
        self.caregiverPhone = caregiverPhone
        self.currentAddress = currentAddress
        self.collarTag = collarTag
        self.identifyingTrait = identifyingTrait
        self.searchAnswers = searchAnswers
    }

    /// What a report with no stored details (filed before, or bulk-loaded) answers: only its kind, from
    /// its status; a closed one is taken as missing. The same on every store.
    public static func kindOnly(status: AnnouncementStatus?) -> PrivateDetails {
        PrivateDetails(reportedAs: status == .found ? .found : .missing)
    }
}
