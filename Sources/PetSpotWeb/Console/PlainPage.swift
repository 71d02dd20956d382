import PetSpotRoutes
/// A page of sections (facts, a table, forms) drawn by one template (`plain`): every page of the operator
/// console, with its navigation, and the public's small moderation forms (a flag, the owner's
/// "this message is a scam").
public struct PlainPage: WebPage {
    public let templateName = "plain"
    public let title: String
    public var nav: [ConsoleLink] = []
    /// The sign-out form's action and token, when an operator is signed in.
    public var signOutAction: String?
    public var csrf: String
    public var notice: String?
    public var errors: [ErrorSummaryItem] = []
    public var sections: [ConsoleSection] = []

    /// A page titled `title`; signed in (with the console's navigation, `current` marked) when `signedIn`.
    public init(title: String, csrf: String, strings: Strings, signedIn: Bool, current: ConsoleRoute? = nil) {
        self.title = title
        self.csrf = csrf
        guard signedIn else { return }
        signOutAction = ConsoleRoute.signOut.path
        nav = [(ConsoleRoute.queue, TextKey.consoleNavQueue), (.blocks, .consoleNavBlocks), (.audit(), .consoleNavAudit), (.lookUp(), .consoleNavLookUp)]
            .map { ConsoleLink(label: strings[$0.1], href: $0.0.path, current: $0.0.pattern == current?.pattern) }
    }
}

/// A link; `current` marks the page it leads to.
public struct ConsoleLink: Sendable {
    public var label: String
    public var href: String
    public var current = false
}

/// A titled part of a console page.
public struct ConsoleSection: Sendable {
    public var heading: String?
    public var paragraphs: [String] = []
    public var facts: [ConsoleFact] = []
    public var links: [ConsoleLink] = []
    public var table: ConsoleTable?
    public var forms: [ConsoleForm] = []
    /// Markup the server made itself (a QR code's SVG), never anything a person typed.
    public var trustedMarkup: String?
    /// Photos shown with the section (the reported pet's, a sighting's).
    public var images: [ConsoleLink] = []

    public init(heading: String? = nil) { self.heading = heading }
}

/// A labelled value.
public struct ConsoleFact: Sendable {
    public var label: String
    public var value: String
    public init(_ label: String, _ value: String) {
        self.label = label
        self.value = value
    }
}

/// A table with a caption, column headers and rows of cells (a cell may link).
public struct ConsoleTable: Sendable {
    public var caption: String
    public var headers: [String]
    public var rows: [[ConsoleCell]]
}

public struct ConsoleCell: Sendable {
    public var text: String
    public var href: String?
    public init(_ text: String, href: String? = nil) {
        self.text = text
        self.href = href
    }
}

/// A form: where it goes, its controls, and its buttons (each may send a value of its own).
public struct ConsoleForm: Sendable {
    public var action: String
    public var method = "post"
    public var controls: [FormControl] = []
    public var buttons: [ConsoleButton] = []
    /// Hidden fields: each fact's label is the name.
    public var hidden: [ConsoleFact] = []

    public init(action: String, method: String = "post", controls: [FormControl] = [], buttons: [ConsoleButton], hidden: [ConsoleFact] = []) {
        self.action = action
        self.method = method
        self.controls = controls
        self.buttons = buttons
        self.hidden = hidden
    }

    public var isPost: Bool { method == "post" }
}

public struct ConsoleButton: Sendable {
    public var label: String
    public var name: String?
    public var value: String?
    public var danger = false

    public init(_ label: String, name: String? = nil, value: String? = nil, danger: Bool = false) {
        self.label = label
        self.name = name
        self.value = value
        self.danger = danger
    }
}
