import Foundation
import PetSpotLooks

/// The installed model (`PETSPOT_LOOKS_DIR`, else `.build/looks-model`, installed there by the first test that
/// needs it: CI installs it beforehand).
public enum LooksFixture {
    public static let files: LooksFiles = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../..").standardized
        let directory =
            ProcessInfo.processInfo.environment["PETSPOT_LOOKS_DIR"].map { URL(fileURLWithPath: $0) }
            ?? root.appending(path: ".build/looks-model")
        return LooksFiles(directory: directory)
    }()

    public static let model: Result<LooksModel, any Error> = Result {
        if files.problem() != nil { try files.install { _ in } }
        return try files.open()
    }

    public static func photo(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../Photos/\(name)")
        return [UInt8](try Data(contentsOf: url))
    }

    public struct Reference: Decodable {
        public let channelMeans: [Float]
        public let samples: [Float]
        public let topClasses: [Int]
        public let features: [Float]
    }

    public static func reference(_ name: String) throws -> Reference {
        try JSONDecoder().decode([String: Reference].self, from: Data(try photo("reference.json")))[name]!
    }
}

extension LooksFixture {
    /// The model's folder, installed first when it is not there.
    public static func installed() throws -> URL {
        _ = try model.get()
        return files.directory
    }
}
