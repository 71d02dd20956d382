import Foundation

extension QRCode {
    /// The code as an SVG image: one path of the dark modules on white, with the standard's four-module
    /// quiet zone; `title` is its accessible name.
    public func svg(title: String, pixelsPerModule: Int = 4) -> String {
        let side = size + 8
        var path = ""
        for y in 0..<size {
            for x in 0..<size where isDark(x: x, y: y) { path += "M\(x + 4) \(y + 4)h1v1h-1z" }
        }
        let escaped = title.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\" width=\"\(side * pixelsPerModule)\" "
            + "height=\"\(side * pixelsPerModule)\" role=\"img\" aria-label=\"\(escaped)\" shape-rendering=\"crispEdges\">"
            + "<rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/><path d=\"\(path)\" fill=\"#000\"/></svg>"
    }

    /// The code as a binary PGM image (`P5`), `scale` pixels a module, with the quiet zone: what image
    /// decoders such as zbar read directly.
    public func pgm(scale: Int = 4) -> [UInt8] {
        let side = (size + 8) * scale
        var bytes = Array("P5\n\(side) \(side)\n255\n".utf8)
        for row in 0..<side {
            for column in 0..<side {
                let x = column / scale - 4, y = row / scale - 4
                let dark = (0..<size).contains(x) && (0..<size).contains(y) && isDark(x: x, y: y)
                bytes.append(dark ? 0 : 255)
            }
        }
        return bytes
    }
}
