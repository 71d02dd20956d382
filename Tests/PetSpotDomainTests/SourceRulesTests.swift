import Foundation
import Testing

/// The layout rules, enforced rather than remembered: no source file over 200 lines and no function over
/// 50, each module importing only the modules beneath it, use cases that know nothing of HTTP or of the
/// web module, and adapters (API, web, console) that reach the stores only through a use case.
@Suite struct SourceRulesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every Swift file under `folder`, with its path relative to the package.
    static func swiftFiles(under folder: String) throws -> [(path: String, text: String)] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        return try walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.map { url in
            (String(url.path.dropFirst(root.path.count + 1)), try String(contentsOf: url, encoding: .utf8))
        }
    }

    @Test func noSourceFileIsOver200Lines() throws {
        let files = try Self.swiftFiles(under: "Sources")
        #expect(files.count > 100, "the sources were not found from \(Self.root.path)")
        let long = files.map { ($0.path, $0.text.split(separator: "\n", omittingEmptySubsequences: false).count - 1) }
            .filter { $0.1 > 200 }.sorted { $0.1 > $1.1 }
        #expect(long.isEmpty, "over 200 lines: \(long.map { "\($0.0) (\($0.1))" }.joined(separator: ", "))")
    }

    @Test func controllersAndPagesNeverTouchAStore() throws {
        let adapters = try Self.swiftFiles(under: "Sources/PetSpotServer")
            .filter { $0.path.contains("Controller") || $0.path.contains("/Web/") }
        #expect(adapters.count > 20)
        let reaching = adapters.filter { $0.text.contains(/\bstore\.|store: any|PetSpotStorage/) }.map(\.path)
        #expect(reaching.isEmpty, "adapters calling a store: \(reaching.joined(separator: ", "))")
    }

    /// Each use case names the store protocols it needs; the union of them all is held only where the
    /// server is put together.
    @Test func onlyTheCompositionRootHoldsTheWholeStore() throws {
        let root: Set<String> = ["Application+build.swift", "UseCases.swift", "StorageSelection.swift"]
        let holders = try Self.swiftFiles(under: "Sources/PetSpotServer")
            .filter { $0.text.contains("PetSpotStorage") && !root.contains(String($0.path.split(separator: "/").last ?? "")) }
        #expect(holders.isEmpty, "the whole store outside the composition root: \(holders.map(\.path).joined(separator: ", "))")
    }

    /// A path's parameters are read once, at the edge, into typed values (`PathParameters.swift`): no
    /// route reads one by hand or turns a missing one into "".
    @Test func pathParametersAreReadOnlyAtTheEdge() throws {
        let readers = try Self.swiftFiles(under: "Sources/PetSpotServer")
            .filter { $0.text.contains(/parameters\.(get|require)\(/) && !$0.path.hasSuffix("PathParameters.swift") }
        #expect(readers.isEmpty, "path parameters read by hand: \(readers.map(\.path).joined(separator: ", "))")
    }

    /// The project's modules each may import, beneath it in the module graph (docs/ARCHITECTURE.md).
    static let allowedImports: [String: Set<String>] = [
        "PetSpotDomain": [], "PetSpotQR": [], "PetSpotS3": [],
        "PetSpotRoutes": ["PetSpotDomain"], "PetSpotAPI": ["PetSpotDomain"], "PetSpotPlaces": ["PetSpotDomain"],
        "PetSpotStore": ["PetSpotDomain"], "PetSpotWeb": ["PetSpotDomain", "PetSpotRoutes"],
        "PetSpotClient": ["PetSpotDomain", "PetSpotAPI"], "PetSpotLooks": ["PetSpotDomain", "CPetSpotLooks"],
    ]

    static func imports(_ text: String) -> Set<String> {
        Set(
            text.split(separator: "\n").compactMap { line in
                line.firstMatch(of: /^(?:@\w+ )*(?:public |internal |package )?import (?:struct |enum |class )?(\w+)/).map { String($0.1) }
            })
    }

    @Test func eachModuleImportsOnlyTheModulesBeneathIt() throws {
        for (module, allowed) in Self.allowedImports {
            let files = try Self.swiftFiles(under: "Sources/\(module)")
            #expect(!files.isEmpty, "no sources for \(module)")
            for file in files {
                let project = Self.imports(file.text).filter { $0.hasPrefix("PetSpot") }
                #expect(project.isSubset(of: allowed), "\(file.path) imports \(project.subtracting(allowed).sorted())")
            }
        }
    }

    /// Use cases own the rules and nothing of the transport: no Hummingbird, no HTTP types, no web module.
    @Test func useCasesKnowNothingOfHTTPOrTheWeb() throws {
        let named: Set<String> = [
            "ReportNotifier.swift", "OperatorAuth.swift", "OwnerLinks.swift", "BlockList.swift", "OutboxWorker.swift",
            "MailWriter.swift", "CheckInService.swift",
        ]
        let useCases = try Self.swiftFiles(under: "Sources/PetSpotServer").filter { file in
            let name = String(file.path.split(separator: "/").last ?? "")
            return name.contains("Service") || named.contains(name)
        }
        #expect(useCases.count >= 15)
        let forbidden: Set<String> = ["Hummingbird", "HummingbirdCore", "HTTPTypes", "NIOHTTP1", "NIOHTTPTypes", "PetSpotWeb"]
        for file in useCases {
            let wrong = Self.imports(file.text).intersection(forbidden)
            #expect(wrong.isEmpty, "\(file.path) imports \(wrong.sorted())")
        }
    }

    /// The API speaks the contract, not the web's words: a file that routes API operations or maps errors to
    /// API answers does not import the web module.
    @Test func theAPIAdaptersDoNotImportTheWeb() throws {
        let api = try Self.swiftFiles(under: "Sources/PetSpotServer")
            .filter { $0.text.contains("router.on(.") || $0.path.contains("APIError") }
        #expect(api.count >= 10)
        let wrong = api.filter { Self.imports($0.text).contains("PetSpotWeb") }.map(\.path)
        #expect(wrong.isEmpty, "API adapters importing PetSpotWeb: \(wrong.joined(separator: ", "))")
    }

    /// Every function, initialiser and closure-bodied property declared with `func`/`init` is at most 50 lines.
    @Test func noFunctionIsOver50Lines() throws {
        var long: [String] = []
        for file in try Self.swiftFiles(under: "Sources") {
            for (name, lines) in Self.functionLengths(file.text) where lines > 50 { long.append("\(file.path) \(name) (\(lines))") }
        }
        #expect(long.isEmpty, "functions over 50 lines: \(long.joined(separator: ", "))")
    }

    @Test func theFunctionRulerMeasuresBodiesNotRequirementsOrStrings() {
        let sample = """
            protocol Shape {
                func area() -> Double
                func scaled(by factor: Double,
                            around point: Int) -> Self
            }
            struct Square: Shape {
                var side = 1.0
                func area() -> Double {
                    let brace = "}}}{"
                    return side * side
                }
                init(side: Double)
                    throws {
                    self.side = side
                }
                var label: String { "{" }
            }
            """
        let lengths = Self.functionLengths(sample)
        #expect(lengths.map(\.0) == ["func area", "init"])
        #expect(lengths.map(\.1) == [4, 4])
    }

    /// Each `func` or `init` body's length in lines, from its declaration to its closing brace. String
    /// literals and comments are skipped, so braces inside them do not count; a declaration without a body
    /// (a protocol's requirement) counts nothing.
    static func functionLengths(_ text: String) -> [(String, Int)] {
        let lines = codeLines(text)
        var results: [(String, Int)] = []
        var open: [(name: String, start: Int, depth: Int)] = []
        var pending: (name: String, start: Int, parens: Int)?
        var depth = 0
        for (number, line) in lines.enumerated() {
            if pending == nil, let match = line.firstMatch(of: /\b(func\s+[^\s(<]+|init[?!]?)\s*[(<]/) {
                pending = (String(match.1), number, 0)
            }
            for character in line {
                if var declaration = pending {
                    if character == "(" { declaration.parens += 1 }
                    if character == ")" { declaration.parens -= 1 }
                    pending = declaration
                    if character == "{", declaration.parens == 0 {
                        open.append((declaration.name, declaration.start, depth))
                        pending = nil
                    }
                }
                if character == "{" { depth += 1 }
                if character == "}" {
                    depth -= 1
                    if let last = open.last, depth == last.depth {
                        open.removeLast()
                        results.append((last.name, number - last.start + 1))
                    }
                }
            }
            if let declaration = pending, declaration.parens == 0, !Self.continues(line, next: number + 1 < lines.count ? lines[number + 1] : "") {
                pending = nil
            }
        }
        return results
    }

    /// True when a signature goes on past `line` (its effects, result or constraints on the next line).
    static func continues(_ line: String, next: String) -> Bool {
        let end = line.trimmingCharacters(in: .whitespaces), start = next.trimmingCharacters(in: .whitespaces)
        return [",", "->", "(", "<", "where"].contains { end.hasSuffix($0) }
            || ["->", "where", "throws", "async", "rethrows", "{", ")", "&"].contains { start.hasPrefix($0) }
    }

    /// The lines of `text` with string literals emptied and comments removed (a multi-line string's
    /// lines become empty).
    static func codeLines(_ text: String) -> [String] {
        var inMultiline = false
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { raw in
            var line = String(raw)
            let quotes = line.components(separatedBy: "\"\"\"").count - 1
            if inMultiline && quotes == 0 { return "" }
            if quotes > 0 {
                let parts = line.components(separatedBy: "\"\"\"")
                line = stride(from: inMultiline ? 1 : 0, to: parts.count, by: 2).map { parts[$0] }.joined(separator: "\"\"")
                if quotes % 2 == 1 { inMultiline.toggle() }
            }
            return line.replacing(/"(?:[^"\\]|\\.)*"/, with: "\"\"").replacing(/\/\/.*$/, with: "")
        }
    }
}
