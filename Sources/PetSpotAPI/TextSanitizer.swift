import Foundation

/// Removes HTML markup from free text the way the contract promises (`Golden<b>Retriever</b>` →
/// `GoldenRetriever`; `<script>` and `<style>` blocks and comments vanish with their content) while text
/// that is not markup stays as typed (`I <3 my dog`, `a < b > c`). Nothing is entity-encoded: output is
/// escaped where it is shown.
public enum TextSanitizer {
    public static func stripTags(_ text: String) -> String {
        guard text.contains("<") else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            result += rest[..<open]
            let tail = rest[open...]
            if tail.hasPrefix("<!--") {
                guard let end = tail.range(of: "-->") else { return result }
                rest = tail[end.upperBound...]
            } else if isTagStart(tail), let close = tail.firstIndex(of: ">") {
                let tag = tail[tail.index(after: open)..<close].lowercased()
                rest = tail[tail.index(after: close)...]
                if let block = ["script", "style"].first(where: { tag == $0 || tag.hasPrefix($0 + " ") }),
                    let end = rest.range(of: "</\(block)", options: .caseInsensitive),
                    let endClose = rest[end.upperBound...].firstIndex(of: ">")
                {
                    rest = rest[rest.index(after: endClose)...]
                }
            } else {
                result += "<"
                rest = tail.dropFirst()
            }
        }
        return result + rest
    }

    /// `<a`, `</a`, `<!x`: what a browser would read as the start of a tag.
    private static func isTagStart(_ text: Substring) -> Bool {
        var scalars = text.unicodeScalars.dropFirst()
        if scalars.first == "/" || scalars.first == "!" { scalars = scalars.dropFirst() }
        guard let first = scalars.first else { return false }
        return ("a"..."z").contains(first) || ("A"..."Z").contains(first)
    }
}
