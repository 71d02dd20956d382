import Foundation
@testable import PetSpotWeb
import PetSpotDomain
import Testing

/// Every text key the pages, forms and e-mails look up has its English and Polish text. A key
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
            // Keys carried as strings: strings.text("key"), and every literal of a string key elsewhere.
            for match in text.matches(of: /\bstrings\.text\(([^)\n]+)\)/) {
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
        for problem: AlertForm.Problem in [
            .emailInvalid, .locationMissing, .locationInvalid, .radiusInvalid, .kindsInvalid, .speciesInvalid, .frequencyInvalid,
        ] {
            used[problem.rawValue, default: "AlertForm"] = "AlertForm"
        }
        // Keys built from a prefix ("species" + DOG, "confirm" + Reunite …) are checked where they are made.
        let built = Set(
            AnimalSpecies.allCases.map { "species" + $0.rawValue.capitalized }
                + AnimalSex.allCases.map { "sex" + $0.rawValue.capitalized }
                + AnnouncementStatus.allCases.map { "status" + $0.rawValue.capitalized }
                + PetText.plainLines.flatMap { text in [.label, .placeholder, .details].map(text.webKey) })
        // (Swift looks texts up by `TextKey`, which the compiler checks; these are the keys carried as strings.)
        #expect(used.count > 100, "\(used.count) keys found: the scan itself works")
        func hasText(_ key: String) -> Bool { TextKey(rawValue: key).flatMap { StringCatalog.entries[$0] } != nil }
        let missing = used.filter { !hasText($0.key) && !built.contains($0.key) }.map { "\($0.key) (\($0.value))" }.sorted()
        #expect(missing == [], "keys with no text")
        for key in built { #expect(hasText(key), "\(key)") }
    }

    /// The typed keys (`TextKey`, what Swift looks texts up by) and the catalog are the same set, and
    /// every text has both languages, neither empty.
    @Test func everyTypedKeyHasEnglishAndPolishText() {
        #expect(Set(StringCatalog.entries.keys) == Set(TextKey.allCases))
        let empty = TextKey.allCases.filter { key in StringCatalog.entries[key].map { $0.en.isEmpty || $0.pl.isEmpty } ?? true }
        #expect(empty == [])
        #expect(Strings(.pl)[.notFoundTitle] != Strings(.en)[.notFoundTitle])
    }
}
