import Foundation
import PetSpotLooks
#if canImport(Glibc)
import Glibc
#endif

/// Small JPEG copies of report photos for lists and cards (2:1, the cards' shape, cropped to the centre), made on first
/// request by libvips's `vipsthumbnail` (Debian's `libvips-tools`: every format the uploads take, HEIC
/// included, in a fraction of the memory of a full decode) and kept beside the photos as
/// `thumbs/<photo's versioned name>.w<width>.jpg`, so a replaced photo gets new ones and a removed photo
/// takes its own along. Without the tool, callers serve the photo itself.
public final class Thumbnails: Sendable {
    /// The widths asked for (`?w=`): a phone card and its double-density copy (at a lower quality, which
    /// dense screens hide), so 24 cards stay under 1 MB on either.
    public static let widths = [400, 800]
    let objects: any PhotoObjects
    let temporaryDirectory: URL
    /// The `vipsthumbnail` program, or nil when it is not installed.
    let tool: String?
    /// `vips`, beside it in libvips-tools: its `thumbnail` can refuse a photo cut off short.
    let vips: String?
    private let gate = ConversionGate(limit: 2)
    /// Thumbnails known to exist, so a bucket is not asked again for each card.
    private let made = KnownObjects(limit: 20_000)

    init(objects: any PhotoObjects, temporaryDirectory: URL, tool: String? = Thumbnails.locateTool()) {
        self.objects = objects
        self.temporaryDirectory = temporaryDirectory
        self.tool = tool
        vips = tool.map { URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent("vips").path }
            .flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil }
    }

    static func locateTool(
        named name: String = "vipsthumbnail",
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"]
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func key(of file: String, width: Int) -> String { "thumbs/\(file).w\(width).jpg" }

    /// The key of the thumbnail of the photo `file` in `width`, made now if it is not there yet; nil
    /// when it cannot be made (no tool, an unknown width, an image libvips cannot read).
    func thumbnail(of file: String, width: Int) async -> String? {
        guard let tool, Self.widths.contains(width) else { return nil }
        let key = Self.key(of: file, width: width)
        if made.get(key) != nil { return key }
        if let object = try? await objects.info(key) { return remember(object) }
        // A photo libvips could not convert in time (or at all) is not tried again for every visitor.
        if (try? await objects.info(key + ".failed")) != nil { return nil }
        return await gate.run {
            if let object = try? await objects.info(key) { return remember(object) }
            let quality = width <= 400 ? 70 : 55
            let output = temporaryDirectory.appendingPathComponent("thumb-\(UUID().uuidString).jpg").path
            let source = await localCopy(of: file)
            defer { if let source, source.fetched { unlink(source.path) } }
            let converted: Bool
            if let source {
                // Stopped after 10 seconds, so one hostile photo holds a conversion slot no longer than that.
                converted =
                    await ToolProcess.runInBackground(
                        tool,
                        [
                            source.path, "--size", "\(width)x\(width / 2)", "--smartcrop", "centre",
                            "-o", "\(output)[Q=\(quality),strip,optimize_coding]",
                        ])?.succeeded == true
            } else {
                converted = false
            }
            // Stored whole (a rename in the folder), so no reader sees half a file.
            guard converted, (try? await objects.store(key, moving: URL(fileURLWithPath: output), contentType: "image/jpeg")) != nil,
                let object = try? await objects.info(key)
            else {
                unlink(output)
                if source != nil { try? await objects.store(key + ".failed", bytes: []) }
                return nil
            }
            return remember(object)
        }
    }

    /// The photo `file` as a JPEG of at most `side` pixels a side, uncropped, for a reader that takes fewer
    /// formats than the uploads (the look-alikes model); nil without the tool or when libvips cannot read it
    /// whole (a photo cut off short is not guessed at).
    func plainJPEG(of file: String, side: Int = 640) async -> [UInt8]? {
        guard vips != nil else { return nil }
        return await gate.run {
            guard let source = await localCopy(of: file) else { return nil }
            defer { if source.fetched { unlink(source.path) } }
            return await convert(source.path, side: side)
        }
    }

    /// The same for a photo on this machine's disk that is not stored (a photo searched with).
    func plainJPEG(atPath path: String, side: Int = 640) async -> [UInt8]? {
        guard vips != nil else { return nil }
        return await gate.run { await convert(path, side: side) }
    }

    private func convert(_ path: String, side: Int) async -> [UInt8]? {
        guard let vips else { return nil }
        let output = temporaryDirectory.appendingPathComponent("plain-\(UUID().uuidString).jpg").path
        defer { unlink(output) }
        let run = await ToolProcess.runInBackground(
            vips, ["thumbnail", path, "\(output)[Q=90,strip]", "\(side)", "--height", "\(side)", "--size", "down", "--fail-on", "truncated"])
        return run?.succeeded == true ? FileManager.default.contents(atPath: output).map { [UInt8]($0) } : nil
    }

    private func remember(_ object: PhotoObject) -> String {
        made.set(object)
        return object.key
    }

    /// The photo as a local file for libvips: the file itself in the folder, a fetched copy from a bucket.
    private func localCopy(of file: String) async -> (path: String, fetched: Bool)? {
        let key = PhotoStorage.key(of: file)
        if let path = objects.localPath(key) { return FileManager.default.fileExists(atPath: path) ? (path, false) : nil }
        let copy = temporaryDirectory.appendingPathComponent("source-\(UUID().uuidString)")
        guard (try? await objects.fetch(key, to: copy)) == true else {
            unlink(copy.path)
            return nil
        }
        return (copy.path, true)
    }

    /// Deletes the thumbnails of a photo file that is gone.
    func remove(of file: String) async {
        for width in Self.widths {
            let key = Self.key(of: file, width: width)
            made.forget(key)
            try? await objects.remove(key)
            try? await objects.remove(key + ".failed")
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
