import Foundation
import PetSpotLooks
@testable import PetSpotQR
import Testing

/// The encoder's codes decoded by a real decoder, Debian's zbar (`zbarimg`, which `.ci/run` installs):
/// many inputs, lengths from a few bytes to thousands, so every version class and block layout is read.
@Suite struct QRCodeTests {
    static let zbarimg = ["/usr/bin/zbarimg", "/usr/local/bin/zbarimg"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// What zbar reads from the code's image.
    static func decode(_ code: QRCode) throws -> String? {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID().uuidString).pgm")
        try Data(code.pgm(scale: code.size > 100 ? 3 : 4)).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        // With `posix_spawn`: Foundation's `Process` crashed the test run, which holds many descriptors open.
        guard let outcome = ToolProcess.run(zbarimg!, ["--raw", "-q", "-Sbinary", file.path], outputLimit: 1 << 20), outcome.succeeded
        else { return nil }
        return String(decoding: outcome.output, as: UTF8.self)
    }

    static let samples: [String] = {
        var texts = [
            "https://petspot.example/lost-pets/0b6f1c3e-8a47-4d8e-9a51-3f0c2b7d9e14", "a", "HELLO WORLD", "Łódź, Żoliborz — ąęś 🐕",
            "http://127.0.0.1:3000/lost-pets/x?y=1&z=<2>",
        ]
        var generator = SeededBytes(seed: 7)
        // Lengths that land in every version class (1–9, 10–26, 27–40) and at the edges of capacities.
        for length in [
            7, 14, 15, 16, 25, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504, 560, 624,
            666, 711, 779, 857, 911, 997, 1059, 1125, 1190, 1264, 1370, 1452, 1538, 1628, 1722, 1809, 1911, 1989, 2099, 2213, 2331,
        ] {
            // `length` bytes at most (some characters take two).
            var text = String((0..<length).map { _ in generator.nextCharacter() })
            while text.utf8.count > length { text.removeLast() }
            texts.append(text)
        }
        return texts
    }()

    @Test func realDecodersReadWhatIsEncodedAcrossVersions() throws {
        guard Self.zbarimg != nil else {
            // Without zbar only the structure can be checked (below); CI has it, so there it must run.
            #expect(ProcessInfo.processInfo.environment["CI"] != "true", "zbarimg (zbar-tools) is required in CI")
            return
        }
        var versions = Set<Int>()
        for text in Self.samples {
            let code = try QRCode(text: text)
            versions.insert(code.version)
            #expect(try Self.decode(code) == text, "version \(code.version), \(text.utf8.count) bytes")
        }
        #expect(versions.count >= 30 && versions.contains(1) && versions.contains(40), "versions \(versions.sorted())")
    }

    @Test func theVersionIsTheSmallestThatHoldsTheBytes() throws {
        // Level M's byte capacities: 14 bytes in version 1, 26 in 2, 2331 in 40.
        #expect(try QRCode(bytes: Array(repeating: 65, count: 14)).version == 1)
        #expect(try QRCode(bytes: Array(repeating: 65, count: 15)).version == 2)
        #expect(try QRCode(bytes: Array(repeating: 65, count: 2331)).version == 40)
        #expect(throws: QRCode.Failure.tooLong(bytes: 2332)) { try QRCode(bytes: Array(repeating: 65, count: 2332)) }
        let code = try QRCode(text: "HELLO WORLD")
        #expect(code.size == 21 && code.modules.count == 441)
    }

    /// The finder patterns are where a reader looks for them, and the format bits read back as level M
    /// with the chosen mask (BCH-checked).
    @Test func functionPatternsAndFormatBitsAreInPlace() throws {
        for text in ["PetSpot", String(repeating: "x", count: 300)] {
            let code = try QRCode(text: text)
            for (cx, cy) in [(3, 3), (code.size - 4, 3), (3, code.size - 4)] {
                #expect(code.isDark(x: cx, y: cy) && !code.isDark(x: cx + 2, y: cy) && code.isDark(x: cx + 3, y: cy))
            }
            var bits = 0
            for index in 0...5 where code.isDark(x: 8, y: index) { bits |= 1 << index }
            if code.isDark(x: 8, y: 7) { bits |= 1 << 6 }
            if code.isDark(x: 8, y: 8) { bits |= 1 << 7 }
            if code.isDark(x: 7, y: 8) { bits |= 1 << 8 }
            for index in 9..<15 where code.isDark(x: 14 - index, y: 8) { bits |= 1 << index }
            let data = (bits ^ 0x5412) >> 10
            #expect(data >> 3 == 0 && data & 7 == code.mask, "level M and the mask")
            let svg = code.svg(title: "QR <code>")
            #expect(svg.hasPrefix("<svg") && svg.contains("aria-label=\"QR &lt;code&gt;\""))
        }
    }
}

/// Repeatable printable characters, some of them beyond ASCII.
struct SeededBytes {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func nextCharacter() -> Character {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let pick = Int(state >> 33) % 70
        return pick < 62 ? Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")[pick] : Array(" /-_.ąłż")[pick - 62]
    }
}
