import Foundation
import Mustache

/// Renders page models into HTML documents with the bundled Mustache templates.
public struct PageRenderer: Sendable {
    let library: MustacheLibrary

    /// Loads every template shipped with the module.
    public init() async throws {
        guard let directory = Bundle.module.resourceURL?.appendingPathComponent("Templates").path else {
            throw CocoaError(.fileNoSuchFile)
        }
        library = try await MustacheLibrary(directory: directory)
    }

    /// The page's template rendered inside the shared layout.
    public func render(_ page: some WebPage, chrome: PageChrome) -> String {
        let content = library.render(page, withTemplate: page.templateName) ?? ""
        return library.render(LayoutModel(chrome: chrome, title: page.title, content: content), withTemplate: "layout") ?? ""
    }

    /// The folder holding the CSS, JavaScript and icons served under `/static`.
    public static var staticDirectory: URL? { Bundle.module.resourceURL?.appendingPathComponent("Static") }
}

/// A page: its model is the template's context.
public protocol WebPage: Sendable {
    var templateName: String { get }
    var title: String { get }
}

/// What every page around its content needs: language, texts, the current path for the switcher.
public struct PageChrome: Sendable {
    public var strings: Strings
    public var currentPath: String

    public init(language: Language, currentPath: String) {
        strings = Strings(language)
        self.currentPath = currentPath
    }
}

/// The layout template's context.
struct LayoutModel {
    let lang: String
    let t: [String: String]
    let title: String
    let content: String
    let stylesheet = WebRoute.asset("site.css").path
    let script = WebRoute.asset("app.js").path
    let homeHref = WebRoute.home.path
    let lostPetsHref = WebRoute.lostPets().path
    let missingHref = WebRoute.step(.missing, .microchip).path
    let foundHref = WebRoute.step(.found, .photo).path
    let languageHref: String
    let otherLang: String
    let otherLanguageName: String

    init(chrome: PageChrome, title: String, content: String) {
        let language = chrome.strings.language
        lang = language.rawValue
        t = chrome.strings.table
        self.title = title
        self.content = content
        languageHref = WebRoute.language(language.other, back: chrome.currentPath).path
        otherLang = language.other.rawValue
        otherLanguageName = language.other.nativeName
    }
}
