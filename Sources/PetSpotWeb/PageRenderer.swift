import Foundation
import PetSpotRoutes

/// Renders page models into HTML documents with the bundled Mustache templates.
///
/// The templates are parsed once per language, with every `{{t.key}}` already replaced by that
/// language's text (escaped), into `CompiledTemplate`s that read models through `TemplateContext`.
/// swift-mustache, which this replaced, found each value by reflection (`Mirror`) or dynamic casts:
/// about 1 ms of CPU for a list page (docs/PERFORMANCE.md, "Web pages").
public struct PageRenderer: Sendable {
    let libraries: [Language: [String: CompiledTemplate]]

    /// Loads every template shipped with the module, once for each language.
    public init() async throws {
        guard let directory = Bundle.module.resourceURL?.appendingPathComponent("Templates") else {
            throw CocoaError(.fileNoSuchFile)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".mustache") }
        var libraries: [Language: [String: CompiledTemplate]] = [:]
        for language in Language.allCases {
            let strings = Strings(language)
            for name in names {
                let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
                libraries[language, default: [:]][String(name.dropLast(".mustache".count))] =
                    try CompiledTemplate(Self.resolvingTexts(text, strings: strings))
            }
        }
        self.libraries = libraries
    }

    /// The page's template rendered inside the shared layout.
    public func render(_ page: some WebPage, chrome: PageChrome) -> String {
        guard let templates = libraries[chrome.strings.language] else { return "" }
        var content = TemplateRendering(templates: templates)
        content.render(page.templateName, with: .object(page))
        var layout = TemplateRendering(templates: templates)
        layout.render(
            "layout",
            with: .object(
                LayoutModel(chrome: chrome, title: page.title, content: content.output, meta: page.metaTags, languageFormAction: page.languageFormAction)))
        return layout.output
    }

    /// `template` with `{{t.key}}` replaced by the escaped text of `key` and `{{{t.key}}}` by the text as
    /// it is; a key without a text is left to render as before (empty).
    static func resolvingTexts(_ template: String, strings: Strings) -> String {
        template.replacing(/\{\{(\{?)t\.([A-Za-z0-9_]+)\}?\}\}/) { match in
            guard let text = strings.table[String(match.output.2)] else { return String(match.output.0) }
            return match.output.1.isEmpty ? htmlEscaped(text) : text
        }
    }

    /// Mustache's escaping: `< > & " '`.
    static func htmlEscaped(_ text: String) -> String {
        var escaped = ""
        TemplateRendering.appendEscaped(text, to: &escaped)
        return escaped
    }

    /// The folder holding the CSS, JavaScript and icons served under `/static`.
    public static var staticDirectory: URL? { Bundle.module.resourceURL?.appendingPathComponent("Static") }
}

/// A page: its model is the template's context.
public protocol WebPage: Sendable, TemplateContext {
    var templateName: String { get }
    var title: String { get }
    /// Tags for the head (share previews); none by default.
    var metaTags: [MetaTag] { get }
    /// Where the language switch posts the page's form (`step-form`), when it has one to keep; nil: a link.
    var languageFormAction: String? { get }
}

extension WebPage {
    public var metaTags: [MetaTag] { [] }
    public var languageFormAction: String? { nil }
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
    /// The same on every page: worked out once.
    static let stylesheet = StaticFiles.path(of: "site.css")
    static let favicon = StaticFiles.path(of: "favicon.svg")
    static let script = StaticFiles.path(of: "app.js")
    static let queueScript = StaticFiles.path(of: "queue.js")
    static let offlineScript = StaticFiles.path(of: "offline.js")
    static let manifestHref = WebRoute.manifest.path
    static let touchIcon = StaticFiles.path(of: "icon-192.png")
    static let homeHref = WebRoute.home.path
    /// The menu: each link's page, the part of the site it stands for, and its words.
    static let menuLinks: [(href: String, part: String, label: TextKey)] = [
        (WebRoute.lostPets().path, WebRoute.lostPets().path, .navLostPets),
        (WebRoute.step(.missing, .microchip).path, ReportFlow.missing.basePath, .navReportMissing),
        (WebRoute.step(.found, .photo).path, ReportFlow.found.basePath, .navReportFound),
        (WebRoute.myReports.path, WebRoute.myReports.path, .myReportsTitle), (WebRoute.help.path, WebRoute.help.path, .navHelp),
    ]
    let languageHref: String
    /// On a form step: the switch posts the step's form here, so what was typed is kept.
    let languageFormAction: String?
    let otherLang: String
    let otherLanguageName: String
    /// The menu, each link's `aria-current` "page" on its own page, "true" elsewhere in its part of the site.
    let menu: [PageLink]

    let meta: [MetaTag]

    init(chrome: PageChrome, title: String, content: String, meta: [MetaTag] = [], languageFormAction: String? = nil) {
        self.meta = meta
        self.languageFormAction = languageFormAction
        let language = chrome.strings.language
        lang = language.rawValue
        t = chrome.strings.table
        self.title = title
        self.content = content
        languageHref = WebRoute.language(language.other, back: chrome.currentPath).path
        otherLang = language.other.rawValue
        otherLanguageName = language.other.nativeName
        let path = String(chrome.currentPath.prefix { $0 != "?" })
        menu = Self.menuLinks.map { link in
            let current = path == link.href ? "page" : path == link.part || path.hasPrefix(link.part + "/") ? "true" : nil
            return PageLink(label: chrome.strings[link.label], href: link.href, current: current)
        }
    }
}

extension LayoutModel: TemplateContext {
    func value(named name: String) -> TemplateValue? {
        switch name {
        case "lang": .text(lang)
        case "title": .text(title)
        case "content": .text(content)
        case "stylesheet": .text(Self.stylesheet)
        case "favicon": .text(Self.favicon)
        case "script": .text(Self.script)
        case "queueScript": .text(Self.queueScript)
        case "offlineScript": .text(Self.offlineScript)
        case "codeShownSeconds": .text(String(Int(SubmittedReport.codeShownFor)))
        case "manifestHref": .text(Self.manifestHref)
        case "touchIcon": .text(Self.touchIcon)
        case "homeHref": .text(Self.homeHref)
        case "menu": .objects(menu)
        case "languageHref": .text(languageHref)
        case "otherLang": .text(otherLang)
        case "otherLanguageName": .text(otherLanguageName)
        case "languageFormAction": languageFormAction.map(TemplateValue.text)
        case "meta": .objects(meta)
        default: nil
        }
    }
}
