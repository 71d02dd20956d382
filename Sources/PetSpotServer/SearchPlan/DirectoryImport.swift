import Foundation
import Logging
import PetSpotDomain
import PetSpotStore

/// `petspot directory import FILE.csv` (issue 29 §5): replaces the shelters and vets the search plans
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
        let data: Data
        do { data = try Data(contentsOf: file) } catch { throw Failure(problems: ["cannot read \(file.path): \(error.localizedDescription)"]) }
        guard data.count <= 50 * 1024 * 1024 else { throw Failure(problems: ["\(file.path) is larger than 50 MB"]) }
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
