import Testing
@testable import PetSpotWeb

/// The template engine against Mustache's rules, on small models.
@Suite struct CompiledTemplateTests {
    struct Model: TemplateContext {
        var values: [String: TemplateValue]
        func value(named name: String) -> TemplateValue? { values[name] }
    }

    static func render(_ source: String, _ values: [String: TemplateValue], partials: [String: String] = [:]) throws -> String {
        var templates = try partials.mapValues { try CompiledTemplate($0) }
        templates["main"] = try CompiledTemplate(source)
        var rendering = TemplateRendering(templates: templates)
        rendering.render("main", with: .object(Model(values: values)))
        return rendering.output
    }

    @Test func valuesAreEscapedUnlessTripleBraced() throws {
        let values: [String: TemplateValue] = ["x": .text("<b a=\"1\">Tom & 'Jerry'</b>")]
        #expect(
            try Self.render("{{x}}|{{{x}}}|{{&x}}", values)
                == "&lt;b a=&quot;1&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/b&gt;|<b a=\"1\">Tom & 'Jerry'</b>|<b a=\"1\">Tom & 'Jerry'</b>")
        #expect(try Self.render("[{{missing}}]", [:]) == "[]")
    }

    @Test func sectionsFollowMustacheTruthiness() throws {
        let item = { (name: String) in TemplateValue.object(Model(values: ["name": .text(name)])) }
        let values: [String: TemplateValue] = [
            "yes": .flag(true), "no": .flag(false), "empty": .list([]), "text": .text(""),
            "items": .list([item("a"), item("b")]), "words": .list([.text("x"), .text("y")]),
            "outer": .text("O"), "child": .object(Model(values: ["inner": .text("I")])),
        ]
        #expect(try Self.render("{{#yes}}1{{/yes}}{{#no}}2{{/no}}{{^no}}3{{/no}}{{^yes}}4{{/yes}}", values) == "13")
        #expect(try Self.render("{{#empty}}5{{/empty}}{{^empty}}6{{/empty}}{{#missing}}7{{/missing}}{{^missing}}8{{/missing}}", values) == "68")
        #expect(try Self.render("{{#text}}present{{/text}}{{^text}}absent{{/text}}", values) == "present")
        #expect(try Self.render("{{#items}}<{{name}}:{{outer}}>{{/items}}{{#words}}{{.}};{{/words}}", values) == "<a:O><b:O>x;y;")
        #expect(try Self.render("{{child.inner}}{{#child}}{{inner}}{{outer}}{{/child}}{{child.missing.deeper}}", values) == "IIO")
    }

    @Test func standaloneTagsTakeTheirLineAndPartialsRender() throws {
        let source = "<ul>\n  {{#items}}\n<li>{{> item}}</li>\n  {{/items}}\n{{! a comment }}\n</ul>\n"
        let items = TemplateValue.list([.object(Model(values: ["n": .text("1")]))])
        #expect(try Self.render(source, ["items": items], partials: ["item": "#{{n}}"]) == "<ul>\n<li>#1</li>\n</ul>\n")
        #expect(try Self.render("a {{#yes}}b{{/yes}} c", ["yes": .flag(true)]) == "a b c")
    }

    @Test func brokenTemplatesAreRefused() {
        #expect(throws: CompiledTemplate.ParseError.unbalancedSection("a")) { try CompiledTemplate("{{#a}}x") }
        #expect(throws: CompiledTemplate.ParseError.unbalancedSection("b")) { try CompiledTemplate("{{#a}}x{{/b}}") }
        #expect(throws: (any Error).self) { try CompiledTemplate("{{x") }
    }

    @Test func textsAreResolvedPerLanguageAndEscaped() {
        let english = PageRenderer.resolvingTexts("<p>{{t.heroTitle}}</p>{{{t.heroTitle}}}{{t.noSuchKey}}", strings: Strings(.en))
        #expect(english == "<p>Find Your Pet</p>Find Your Pet{{t.noSuchKey}}")
        #expect(PageRenderer.resolvingTexts("{{t.heroTitle}}", strings: Strings(.pl)) == "Znajdź swojego pupila")
    }
}
