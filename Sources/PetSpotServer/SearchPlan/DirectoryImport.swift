import Foundation
import Logging
import PetSpotDomain
import PetSpotStore

/// `petspot directory import FILE.csv`: replaces the shelters and vets the search plans
/// list with the file's, on the database `serve` would use with the same settings. A file with any bad
/// row changes nothing.
public enum DirectoryImport {
    public struct Outcome: Sendable {
        public let shelters: Int
        public let vets: Int
    }

    public struct Failure: Error, CustomStringConvertible {
        public let problems: [String]
        public var description: String { problems.joined(separator: "\n") }
    }

    public static func run(file: URL, configuration: ServerConfiguration, logger: Logger = Logger(label: "petspot.directory")) async throws -> Outcome {
        // Read at most one byte past the cap: a larger file is refused without being held in memory.
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            data = try handle.read(upToCount: DirectoryCSV.maximumBytes + 1) ?? Data()
        } catch {
            throw Failure(problems: ["cannot read \(file.path): \(error.localizedDescription)"])
        }
        guard data.count <= DirectoryCSV.maximumBytes else {
            throw Failure(problems: ["\(file.path) is larger than \(DirectoryCSV.maximumBytes / 1024 / 1024) MB"])
        }
        guard let text = String(data: data, encoding: .utf8) else { throw Failure(problems: ["\(file.path) is not UTF-8 text"]) }
        let places: [DirectoryPlace]
        switch DirectoryCSV.parse(text) {
        case .success(let parsed): places = parsed
        case .failure(let problems): throw Failure(problems: problems.list.map(\.description))
        }
        try await StorageSelection.withStore(configuration, logger: logger) { store in try await store.replaceDirectory(places) }
        return Outcome(shelters: places.filter { $0.kind == .shelter }.count, vets: places.filter { $0.kind == .vet }.count)
    }
}
