import Foundation
@testable import PetSpotWeb
import PetSpotDomain
import Testing

/// Issue 17: every text key the pages, forms and e-mails look up has its English and Polish text. A key
/// missing from the catalog would show as the key itself, in both languages; this reads the sources and
/// templates for every key they name and fails on the first one the catalog does not have.
@Suite struct StringKeyTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    static func files(_ extensionName: String) throws -> [(String, String)] {
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        var found: [(String, String)] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == extensionName else { continue }
            found.append((url.lastPathComponent, try String(contentsOf: url, encoding: .utf8)))
        }
        return found
    }

    /// The string literals of `text` (no interpolation).
    static func literals(_ text: Substring) -> [String] {
        // A literal followed by `+` is a prefix ("species" + DOG): those keys are checked as built below.
        text.matches(of: /"([A-Za-z][A-Za-z0-9]*)"(?!\s*\+)/).map { String($0.output.1) }
    }

    @Test func everyKeyUsedHasEnglishAndPolishText() throws {
        var used: [String: String] = [:]
        for (name, text) in try Self.files("mustache") {
            for match in text.matches(of: /\{\{\{?t\.([A-Za-z0-9_]+)/) { used[String(match.output.1), default: name] = name }
        }
        for (name, text) in try Self.files("swift") where !name.hasPrefix("StringCatalog") {
            // strings["key"], t["key"], strings[found ? "a" : "b"]: every literal inside the brackets.
            for match in text.matches(of: /\b(?:strings|t)\[([^\]\n]+)\]/) {
                for key in Self.literals(match.output.1) { used[key, default: name] = name }
            }
            // pages.message("titleKey", "bodyKey", …) and FieldError("field", "key").
            for match in text.matches(of: /message\("([A-Za-z0-9]+)", "([A-Za-z0-9]+)"/) {
                used[String(match.output.1), default: name] = name
                used[String(match.output.2), default: name] = name
            }
            for match in text.matches(of: /FieldError\("[A-Za-z0-9]+", "([A-Za-z0-9]+)"\)/) { used[String(match.output.1), default: name] = name }
        }
        // The rules' problems are shown by their raw values.
        for reason in ReportFormProblem.Reason.allCases { used[reason.rawValue, default: "ReportFormRules"] = "ReportFormRules" }
        for problem: SightingForm.Problem in [.seenAtInvalid, .seenAtFuture, .seenAtTooOld, .locationMissing, .locationInvalid, .noteTooLong, .emailInvalid] {
            used[problem.rawValue, default: "SightingForm"] = "SightingForm"
        }
        for problem: AlertForm.Problem in [.emailInvalid, .locationMissing, .locationInvalid, .radiusInvalid, .kindsInvalid, .speciesInvalid, .frequencyInvalid] {
            used[problem.rawValue, default: "AlertForm"] = "AlertForm"
        }
        // Keys built from a prefix ("species" + DOG, "confirm" + Reunite …) are checked where they are made.
        let built = Set(AnimalSpecies.allCases.map { "species" + $0.rawValue.capitalized }
            + AnimalSex.allCases.map { "sex" + $0.rawValue.capitalized }
            + AnnouncementStatus.allCases.map { "status" + $0.rawValue.capitalized })
        #expect(used.count > 200, "\(used.count) keys found: the scan itself works")
        let missing = used.filter { StringCatalog.entries[$0.key] == nil && !built.contains($0.key) }.map { "\($0.key) (\($0.value))" }.sorted()
        #expect(missing == [], "keys with no text")
        for key in built { #expect(StringCatalog.entries[key] != nil, "\(key)") }
        // And every text there is has both languages, neither empty.
        let empty = StringCatalog.entries.filter { $0.value.en.isEmpty || $0.value.pl.isEmpty }.map(\.key)
        #expect(empty == [])
    }
}
