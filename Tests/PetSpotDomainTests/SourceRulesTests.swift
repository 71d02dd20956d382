import Foundation
import Testing

/// The layout rules, enforced rather than remembered: no source file over 200 lines, and controllers
/// (API, web, console) that reach the stores only through a use case.
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

    @Test func controllersNeverTouchAStore() throws {
        let controllers = try Self.swiftFiles(under: "Sources").filter { $0.path.contains("Controller") }
        #expect(controllers.count > 10)
        let reaching = controllers.filter { $0.text.contains(/\bstore\.|store: any/) }.map(\.path)
        #expect(reaching.isEmpty, "controllers calling a store: \(reaching.joined(separator: ", "))")
    }
}
