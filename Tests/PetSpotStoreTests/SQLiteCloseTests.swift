import Foundation
import PetSpotDomain
@testable import PetSpotStore
import PetSpotTestSupport
import Testing

/// Closing the embedded store while reads and writes are still coming (a server shutting down): what
/// was under way finishes and stays written, what comes later is refused as unavailable, nothing crashes.
@Suite struct SQLiteCloseTests {
    @Test func closingUnderTrafficKeepsEveryAcknowledgedWriteAndRefusesTheRest() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-close-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("close.sqlite").path
        let store = try await SQLiteStore.open(path: path, readers: 2)
        let reports = Announcement.scattered(200, seed: 5)
        try await store.bulkLoad(reports, passwordHash: "h")

        let outcomes = try await withThrowingTaskGroup(of: (AnnouncementID?, Bool).self) { group in
            for (index, report) in reports.enumerated() {
                group.addTask {
                    do {
                        if index % 2 == 0 {
                            try await store.setPlaceName("Place \(index)", of: report.id)
                            return (report.id, true)
                        }
                        _ = try await store.find(report.id)
                        return (nil, true)
                    } catch StoreError.unavailable {
                        return (index % 2 == 0 ? report.id : nil, false)
                    }
                }
                if index == 60 {
                    group.addTask {
                        try await store.close(); return (nil, true)
                    }
                }
            }
            return try await group.reduce(into: [(AnnouncementID?, Bool)]()) { $0.append($1) }
        }
        let written = Set(outcomes.filter(\.1).compactMap(\.0)), refused = Set(outcomes.filter { !$0.1 }.compactMap(\.0))
        #expect(!written.isEmpty)
        await #expect(throws: StoreError.unavailable) { try await store.setPlaceName("late", of: reports[1].id) }
        await #expect(throws: StoreError.unavailable) { try await store.find(reports[1].id) }
        try await store.close()

        let reopened = try await SQLiteStore.open(path: path)
        for report in reports.enumerated() where report.offset % 2 == 0 {
            let name = try await reopened.find(report.element.id).placeName
            if written.contains(report.element.id) { #expect(name == "Place \(report.offset)") }
            if refused.contains(report.element.id) { #expect(name == nil) }
        }
        try await reopened.close()
    }
}
