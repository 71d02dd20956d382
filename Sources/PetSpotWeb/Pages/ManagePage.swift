import Foundation
import PetSpotDomain
import PetSpotRoutes

/// The owner's page: the management code first; once it was right, what only the owner sees (the
/// report's private details, its matches) and the changes: edit, reunite or reopen, remove.
public struct ManagePage: WebPage {
    public let templateName = "manage"
    public let title: String
    public let t: [String: String]
    public let card: ReportCard
    public let detailsHref: String
    public let formAction: String
    /// Each owner action's route, by the action's name (`actions.reuniteConfirmed`).
    public let actions: OwnerActionLinks
    /// Where the owner asks for the e-mailed link instead of the code.
    public let sendLinkAction: String
    public let csrf: String
    public let code: FormControl
    public let errors: [ErrorSummaryItem]
    public let hasErrors: Bool
    /// The signed grant a right code earned ("" before): the owner's forms carry it instead of the code.
    public let grant: String
    public let isOwner: Bool
    /// The owner's pages switch language by posting the grant again (`step-form`), so the owner stays in.
    public var languageFormAction: String? { isOwner ? formAction + "?nav=language" : nil }
    /// The finders' messages, for the owner (sender and time, text).
    public let messages: [DetailsPage.Row]
    /// What moderation says of the report, for its owner: nil while it is public.
    public let moderationNotice: String?
    /// A report filed with a phone only: the owner may add an address, for "my reports".
    public let needsEmail: Bool
    public let emailControl: FormControl
    public let canReunite: Bool
    public let canReopen: Bool
    /// What the report keeps out of public view, for its owner.
    public let privateFacts: [DetailsPage.Row]
    public let hasPrivateFacts: Bool
    /// The ranked matches, once the owner asked for them with the right code.
    public let matches: [ReportCard]
    public let showsMatches: Bool
    public let hasMatches: Bool
    /// What an empty list of matches means: none yet, or none looked for while the report is closed.
    public let noMatchesNote: String
    /// The question asked before a change that cannot be taken back lightly (reunite, remove).
    public let confirmation: Confirmation?
    /// The sightings, for the owner to hide (spam, mistakes) or show again.
    public let sightings: [SightingItem]
    public let isStale: Bool
    /// The owner's search plan for a missing report.
    public let plan: SearchPlanView?
    public let planSaved: Bool
    public let planDone: Bool
    public let searched: SearchedAreasView?
    /// The searched-area form's message (added, or what was wrong).
    public let searchedNotice: String?
    /// What the owner's last change did (saved, reunited, reopened …), shown atop the owner's view.
    public let notice: String?
    static let ownerNotices: Set<String> = ["editSaved", "photoSaved", "photoAndEditSaved", "reunitedDone", "reopenedDone", "addEmailDone"]

    /// "Are you sure?" for `action`, with the grant carried to the answer.
    public struct Confirmation: Sendable {
        public let title: String
        public let body: String
        public let button: String
        /// The form's `action` value that carries out the change, and its route.
        public let action: String
        public let actionPath: String
        public let danger: Bool
    }

    /// The changes that are asked about first.
    public enum Change: String, Sendable {
        case reunite, delete

        /// The owner's action that carries out the change.
        public var confirmed: OwnerAction { self == .reunite ? .reuniteConfirmed : .deleteConfirmed }
    }

    /// What the owner sees once the code was right.
    public struct Owner: Sendable {
        public var grant: String
        public var privateDetails: PrivateDetails
        public var matches: [AnnouncementMatch]
        /// Every sighting, hidden ones too, to hide or show again.
        public var sightings: [SightingItem]
        /// Nobody confirmed the report for 90 days: it has left the lists until the owner lists it again.
        public var isStale: Bool
        /// The messages finders sent through PetSpot, kept 30 days.
        public var messages: [RelayedMessage] = []
        /// The time zone of the report's place: messages' times read as its sightings' do.
        public var timeZone: String?
        /// The day it is where the owner is, for the plan's day count.
        public var today = ReportDate(Date(), in: TimeZone(identifier: "UTC")!)
        /// The plan's ticks and the operator's shelters and vets.
        public var planState = SearchPlanState()
        public var directory: [DirectoryPlace] = []
        /// The areas the owner marked searched, their places' names, and the map tiles for the pin.
        public var searchedAreas: [SearchedArea] = []
        public var searchedLabels: [PlaceLabel?] = []
        public var tiles: MapTiles?
        /// The searched-area form as sent, when it was refused (its values stay in the fields).
        public var searchedForm: [String: String] = [:]

        public init(
            grant: String, privateDetails: PrivateDetails, matches: [AnnouncementMatch], sightings: [SightingItem] = [],
            isStale: Bool = false, messages: [RelayedMessage] = []
        ) {
            self.isStale = isStale
            self.messages = messages
            self.grant = grant
            self.privateDetails = privateDetails
            self.matches = matches
            self.sightings = sightings
        }
    }

    /// - Parameter errorKey: the message for the code field (or the owner's last change), when it failed.
    /// - Parameter owner: what a right code shows; nil asks for the code.
    public init(
        _ report: Announcement, errorKey: String? = nil, owner: Owner? = nil, confirming change: Change? = nil,
        noticeKey: String? = nil, csrf: String, strings: Strings
    ) {
        confirmation = change.map { Self.confirmation($0, of: report, strings: strings) }
        title = strings[.manageTitle]
        t = strings.table
        // A held or hidden report (its name or photo may be why) shows none of them before the code.
        card = ReportCard(owner == nil && report.moderation != .visible ? Self.underReview(report) : report, strings: strings)
        detailsHref = WebRoute.details(id: report.id.rawValue).path
        formAction = WebRoute.manage(id: report.id.rawValue).path
        actions = OwnerActionLinks(report.id.rawValue)
        sendLinkAction = WebRoute.manageSendLink(id: report.id.rawValue).path
        self.csrf = csrf
        let message = errorKey.map { strings.text($0) }
        code = Self.codeControl(error: owner == nil ? message : nil, strings: strings)
        let target = owner == nil ? "#field-code" : errorKey?.hasPrefix("searched") == true ? "#searched" : "#owner-actions"
        errors = message.map { [ErrorSummaryItem(href: target, message: $0)] } ?? []
        hasErrors = !errors.isEmpty
        grant = owner?.grant ?? ""
        isOwner = owner != nil
        needsEmail = owner != nil && report.email == nil && confirmation == nil
        moderationNotice = Self.moderationNotice(report, strings: strings)
        emailControl = Self.emailControl(error: errorKey == "errorEmail" ? strings[.errorEmail] : nil, strings: strings)
        canReunite = report.status != .closed
        canReopen = owner != nil && report.status == .closed
        privateFacts = ReportMail.privateFacts(owner?.privateDetails, strings).map { DetailsPage.Row(label: $0.label, value: $0.value) }
        hasPrivateFacts = !privateFacts.isEmpty
        showsMatches = owner != nil && confirmation == nil
        sightings = confirmation == nil ? owner?.sightings ?? [] : []
        messages = confirmation == nil ? (owner?.messages ?? []).flatMap { Self.rows($0, zone: owner?.timeZone, strings: strings) } : []
        isStale = confirmation == nil && owner?.isStale == true
        plan = confirmation == nil ? owner.flatMap { Self.plan(report, $0, strings: strings) } : nil
        planSaved = errorKey == nil && plan != nil && noticeKey == "planAnswersSaved"
        planDone = errorKey == nil && plan != nil && noticeKey == "planDoneSaved"
        searched = plan == nil ? nil : owner.map { Self.searched(report, $0, strings: strings) }
        searchedNotice =
            plan == nil
            ? nil
            : ["searchedAdded", "searchedLimit", "searchedInvalid", "searchedInvalidPoint", "searchedInvalidDay"].first { $0 == errorKey ?? noticeKey }
                .map { strings.text($0) }
        notice = owner != nil && errorKey == nil ? noticeKey.flatMap { Self.ownerNotices.contains($0) ? strings.text($0) : nil } : nil
        hasMatches = owner?.matches.isEmpty == false
        noMatchesNote = strings[report.status == .closed ? .matchesNoneClosed : .matchesNone]
        matches = (owner?.matches ?? []).map { Self.card(of: $0, strings: strings) }
    }
}

extension ManagePage {
    /// A report under review as the code page shows it to whoever opens it: no name, breed or photo.
    static func underReview(_ report: Announcement) -> Announcement {
        var shown = report
        shown.petName = nil
        shown.breed = nil
        shown.photoURL = nil
        return shown
    }
}
