import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Small JPEG copies of report photos for lists and cards (2:1, the cards' shape, cropped to the centre), made on first
/// request by libvips's `vipsthumbnail` (Debian's `libvips-tools`: every format the uploads take, HEIC
/// included, in a fraction of the memory of a full decode) and kept in `<data-dir>/thumbs` under the
/// photo's versioned file name, so a replaced photo gets new ones and a removed photo takes its own
/// along. Without the tool, callers serve the photo itself.
public final class Thumbnails: Sendable {
    /// The widths asked for (`?w=`): a phone card and its double-density copy (at a lower quality, which
    /// dense screens hide), so 24 cards stay under 1 MB on either.
    public static let widths = [400, 800]
    let directory: URL
    let temporaryDirectory: URL
    /// The `vipsthumbnail` program, or nil when it is not installed.
    let tool: String?
    private let gate = ConversionGate(limit: 2)

    init(dataDirectory: URL, temporaryDirectory: URL, tool: String? = Thumbnails.locateTool()) throws {
        directory = dataDirectory.appendingPathComponent("thumbs", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.temporaryDirectory = temporaryDirectory
        self.tool = tool
    }

    static func locateTool(named name: String = "vipsthumbnail",
                           environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"]
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    func path(of file: String, width: Int) -> String {
        directory.appendingPathComponent("\(file).w\(width).jpg").path
    }

    /// The thumbnail of the photo `file` (at `source`) in `width`, made now if it is not there yet; nil
    /// when it cannot be made (no tool, an unknown width, an image libvips cannot read).
    func thumbnail(of file: String, source: String, width: Int) async -> String? {
        guard let tool, Self.widths.contains(width) else { return nil }
        let target = path(of: file, width: width)
        if FileManager.default.fileExists(atPath: target) { return target }
        // A photo libvips could not convert in time (or at all) is not tried again for every visitor.
        let failed = target + ".failed"
        if FileManager.default.fileExists(atPath: failed) { return nil }
        return await gate.run {
            if FileManager.default.fileExists(atPath: target) { return target }
            let output = temporaryDirectory.appendingPathComponent("thumb-\(UUID().uuidString).jpg").path
            let quality = width <= 400 ? 70 : 55
            let made = await Self.run(tool, [source, "--size", "\(width)x\(width / 2)", "--smartcrop", "centre",
                                             "-o", "\(output)[Q=\(quality),strip,optimize_coding]"])
            // Renamed into place whole, so no reader sees half a file.
            guard made, rename(output, target) == 0 else {
                unlink(output)
                _ = FileManager.default.createFile(atPath: failed, contents: nil)
                return nil
            }
            return target
        }
    }

    /// Deletes the thumbnails of a photo file that is gone.
    func remove(of file: String) {
        for width in Self.widths {
            unlink(path(of: file, width: width))
            unlink(path(of: file, width: width) + ".failed")
        }
    }

    /// Runs the tool; false when it fails or takes longer than 10 seconds (it is then stopped, so one
    /// hostile photo holds a conversion slot no longer than that).
    static func run(_ tool: String, _ arguments: [String]) async -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return await withCheckedContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus == 0 && $0.terminationReason == .exit) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(returning: false)
                return
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + 10) { if process.isRunning { process.terminate() } }
        }
    }
}

/// At most `limit` conversions at once: a page of 24 new photos does not start 48 processes.
actor ConversionGate {
    let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) { self.limit = limit }

    func run<T: Sendable>(_ body: @Sendable () async -> T) async -> T {
        if running >= limit { await withCheckedContinuation { waiting.append($0) } } else { running += 1 }
        defer {
            if waiting.isEmpty { running -= 1 } else { waiting.removeFirst().resume() }
        }
        return await body()
    }
}
