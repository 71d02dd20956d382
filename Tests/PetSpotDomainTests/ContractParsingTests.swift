import Foundation
import PetSpotAPI
import Testing

/// The contract's parsing rules: strict JSON, markup stripping, JavaScript's parseFloat.
@Suite struct ContractParsingTests {
    @Test func jsonKeepsKeyOrderAndTypes() throws {
        let value = try JSONParser.parse(Array(#"{"b":1,"a":[true,null,"x\u00e9\ud83d\ude00"],"c":{"d":-1.5e2}}"#.utf8))
        guard case .object(let members) = value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["b", "a", "c"])
        #expect(value["a"] == .array([.bool(true), .null, .string("xé😀")]))
        #expect(value["c"]?["d"] == .number(-150))
    }

    @Test(arguments: [
        "", "{", "{\"a\":}", "[1,]", "01", "1.", "NaN", "Infinity", "-", "\"\\x\"", "{\"a\" 1}", "\"\u{01}\"",
        "1e999", "[1] x", "\"\\ud800\"", "tru", String(repeating: "[", count: 100) + String(repeating: "]", count: 100),
    ])
    func invalidJSONIsRejected(_ text: String) {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(Array(text.utf8)) }
    }

    @Test func aLeadingByteOrderMarkIsReadPast() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array(#" {"a":1}"#.utf8))["a"] == .number(1))
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(Array(#"{"a":1}"#.utf8) + [0xEF, 0xBB, 0xBF]) }
    }

    @Test func invalidUTF8IsRejected() {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse([0x22, 0xFF, 0xFE, 0x22]) }
    }

    @Test(arguments: [
        ("Golden<b>Retriever</b>", "GoldenRetriever"), ("<img src=x onerror=alert(1)>Test<div>content</div>", "Testcontent"),
        ("I <3 my dog", "I <3 my dog"), ("a < b > c", "a < b > c"), ("<script>alert(1)</script>Rex", "Rex"),
        ("<STYLE>p{}</STYLE>Rex", "Rex"), ("Rex<!-- hidden -->!", "Rex!"), ("<div>Buddy</div>", "Buddy"), ("5 > 3", "5 > 3"),
        ("<b", "<b"), ("Max & Co", "Max & Co"),
    ])
    func markupIsStrippedTextIsKept(_ input: String, _ expected: String) {
        #expect(TextSanitizer.stripTags(input) == expected)
    }

    @Test(arguments: [
        ("50", 50.0), ("50abc", 50), ("0x10", 0), ("1e1", 10), ("  7.5", 7.5), (".5", 0.5), ("-3", -3),
        ("Infinity", .infinity), ("-Infinity", -.infinity), ("1e", 1), ("5.", 5), ("\u{A0}\u{2028}\u{FEFF}\u{3000}8", 8),
    ])
    func parseFloatLikeJavaScript(_ text: String, _ expected: Double) {
        #expect(JavaScriptNumber.parseFloat(text) == expected)
    }

    @Test(arguments: ["abc", "", "-", ".", "e5", "NaN", "\u{85}50"])
    func parseFloatGivesNaN(_ text: String) {
        #expect(JavaScriptNumber.parseFloat(text).isNaN)
    }
}
