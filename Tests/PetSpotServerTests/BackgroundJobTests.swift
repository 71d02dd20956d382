import Foundation
import PetSpotAPI
import PetSpotDomain
@testable import PetSpotServer
import Testing

/// Background work: paused, it does nothing (e-mail waits in the outbox); running, each job's work is
/// counted in the metrics; a backlog is worked off in paced batches, not in one burst.
@Suite struct BackgroundJobTests {
    @Test func pausedJobsSendNothingAndTheOutboxKeepsWhatIsQueued() async throws {
        try await TestApp.run(configure: { $0.jobsPaused = true }) { client, directory throws in
            _ = try await client.createAnnouncement(["email": "paused@example.pl", "microchipNumber": nil])
            try await Task.sleep(for: .milliseconds(600))
            #expect(try MailboxMessage.all(in: directory).isEmpty, "no e-mail while paused")
            let metrics = try await client.send(.get, APIPath.metrics).text
            #expect(metrics.contains("petspot_outbox_pending 1"), "the code e-mail waits")
            #expect(!metrics.contains("petspot_background_items_total"), "no job did anything")
        }
    }

    @Test func runningJobsCountTheirWorkInTheMetrics() async throws {
        try await TestApp.run { client, directory throws in
            _ = try await client.createAnnouncement(["email": "running@example.pl", "microchipNumber": nil])
            #expect(try await MailboxMessage.first(in: directory) { $0.to == "running@example.pl" } != nil)
            var metrics = ""
            for _ in 0..<100 where !metrics.contains("petspot_background_items_total{job=\"outbox\"}") {
                try await Task.sleep(for: .milliseconds(50))
                metrics = try await client.send(.get, APIPath.metrics).text
            }
            #expect(metrics.contains("petspot_background_items_total{job=\"outbox\"} 1"), "\(metrics)")
        }
    }

    @Test func aFullBatchIsFollowedByAPacedPauseAndAPartOneByTheInterval() {
        let job = PeriodicJob(name: "test", done: "done", logger: quietLogger, ready: Doorbell(), interval: .seconds(3600)) { 0 }
        #expect(job.pause(after: .milliseconds(40), count: 200) == .milliseconds(120), "a quarter of the time working")
        #expect(job.pause(after: .milliseconds(1), count: 250) == .milliseconds(50), "never a busy loop")
        #expect(job.pause(after: .milliseconds(40), count: 199) == .seconds(3600), "nothing more waits")
    }

    @Test func theSettingTakesOnOrPaused() throws {
        let setting = try #require(ServerSetting.all.first { $0.flag == "jobs" })
        var configuration = ServerConfiguration()
        try setting.apply(&configuration, "paused")
        #expect(configuration.jobsPaused)
        try setting.apply(&configuration, "on")
        #expect(!configuration.jobsPaused)
        let error = #expect(throws: ConfigurationError.self) { try setting.apply(&configuration, "off") }
        #expect(error?.description == "PETSPOT_JOBS must be on or paused, got 'off'")
    }
}
