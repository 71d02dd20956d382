import ArgumentParser
import Foundation
import Hummingbird
import Logging
import PetSpotServer
import PetSpotStore

/// `petspot directory import FILE.csv`: the shelters and vets the owners' search plans list.
struct Directory: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Load the directory of shelters and vets the search plans list.",
        subcommands: [Import.self])

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replace the directory of shelters and vets with a CSV file's.",
            discussion: """
                The file is UTF-8 CSV with a header row: kind,name,address,phone,hours,latitude,longitude (any order; \
                kind is shelter or vet; phone and hours may be empty; fields with commas in double quotes). Every bad \
                row is listed with its line, and then nothing is changed. See docs/SEARCH-AREA.md.
                """)

        @Argument(help: "The CSV file.") var file: String
        @Argument(parsing: .allUnrecognized, help: "`petspot serve` settings: --data-dir, --database-url, …") var settings: [String] = []

        func run() async throws {
            do {
                let outcome = try await DirectoryImport.run(file: URL(fileURLWithPath: file), configuration: try Photos.load(settings))
                print("Loaded \(outcome.shelters) shelters and \(outcome.vets) vets; the search plans list those inside each report's likely area.")
            } catch let failure as DirectoryImport.Failure {
                var standardError = FileHandle.standardError
                print(failure.description, to: &standardError)
                print("Nothing was changed.", to: &standardError)
                throw ExitCode(1)
            }
        }
    }
}

extension FileHandle: @retroactive TextOutputStream {
    public func write(_ string: String) { write(Data(string.utf8)) }
}

/// `petspot photos check`, `migrate --to …` and `scrub`, on the photo store and
/// database `serve` would use with the same settings.
struct Photos: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the photos, move them to another photo store, or remove where they were taken.",
        subcommands: [Check.self, Migrate.self, Scrub.self])

    static func load(_ settings: [String]) throws -> ServerConfiguration {
        do {
            return try ServerConfiguration.load(arguments: settings)
        } catch let error as ConfigurationError {
            throw ValidationError(error.description)
        }
    }

    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List reports whose photo is missing from the photo store, and photos no report names.",
            discussion: "Exits 1 when a photo is missing. A photo no report names is never served; the server's hourly sweep deletes it.")

        @Argument(parsing: .allUnrecognized, help: "`petspot serve` settings: --data-dir, --database-url, --photo-store, …")
        var settings: [String] = []

        func run() async throws {
            let report = try await PhotoMaintenance.check(try Photos.load(settings))
            print("\(report.named) photos named by reports and sightings; \(report.missing.count) missing; \(report.unnamed.count) not named by any row.")
            for file in report.missing { print("missing: \(file)") }
            for file in report.unnamed { print("not named: \(file)") }
            if !report.missing.isEmpty { throw ExitCode(1) }
        }
    }

    struct Migrate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy every photo and thumbnail to another photo store, each read back and compared.",
            discussion: """
                Copies from the configured store (--photo-store, default the data folder) to --to. An object the target \
                has already is left, so a stopped run carries on. Run it while PetSpot serves, again after stopping it \
                (it copies only what came since), then start PetSpot with --photo-store set to the target.
                """)

        @Option(help: "the target: folder, or s3://bucket/prefix (at the configured --s3-endpoint)")
        var to: String

        @Argument(parsing: .allUnrecognized, help: "`petspot serve` settings: --data-dir, --photo-store, --s3-endpoint, …")
        var settings: [String] = []

        func run() async throws {
            let configuration = try Photos.load(settings)
            do {
                let report = try await PhotoMaintenance.migrate(configuration, to: to) { print($0) }
                print("\(report.copied) copied and verified, \(report.alreadyThere) already there.")
                print("Now start PetSpot with --photo-store \(to) (or PETSPOT_PHOTO_STORE=\(to)).")
            } catch let error as PhotoMaintenance.Failure {
                throw ValidationError(error.description)
            } catch let error as ConfigurationError {
                throw ValidationError(error.description)
            }
        }
    }

    struct Scrub: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove where each stored photo was taken (GPS tags, XMP), from photos kept before uploads were cleaned.",
            discussion:
                "Each photo is cleaned in a local copy and stored back only when that changed it. Safe while PetSpot serves; a second run changes nothing.")

        @Argument(parsing: .allUnrecognized, help: "`petspot serve` settings: --data-dir, --photo-store, --s3-endpoint, …")
        var settings: [String] = []

        func run() async throws {
            do {
                let report = try await PhotoMaintenance.scrub(try Photos.load(settings)) { print($0) }
                print("\(report.read) photos read, \(report.cleaned) of them cleaned of where they were taken.")
            } catch let error as ConfigurationError {
                throw ValidationError(error.description)
            }
        }
    }
}
