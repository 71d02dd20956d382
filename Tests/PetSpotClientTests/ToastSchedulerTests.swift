import Testing
@testable import PetSpotClient

@MainActor
@Suite struct ToastSchedulerTests {
    @Test func runsTheActionOnlyOnceItsTimeHasCome() async {
        let clock = ManualClock()
        let scheduler = ToastScheduler(clock: clock)
        var fired = 0
        scheduler.schedule(after: .seconds(2)) { fired += 1 }
        clock.advance(by: .milliseconds(1999))
        #expect(fired == 0)
        clock.advance(by: .milliseconds(1))
        await scheduler.settle()
        #expect(fired == 1)
    }

    @Test func schedulingAgainReplacesThePendingAction() async {
        let clock = ManualClock()
        let scheduler = ToastScheduler(clock: clock)
        var fired: [String] = []
        scheduler.schedule(after: .seconds(2)) { fired.append("first") }
        clock.advance(by: .seconds(1))
        scheduler.schedule(after: .seconds(2)) { fired.append("second") }
        clock.advance(by: .seconds(1))
        await Task.yield()
        #expect(fired.isEmpty)
        clock.advance(by: .seconds(1))
        await scheduler.settle()
        #expect(fired == ["second"])
    }

    @Test func cancelledActionNeverRuns() async {
        let clock = ManualClock()
        let scheduler = ToastScheduler(clock: clock)
        var fired = false
        scheduler.schedule(after: .seconds(3)) { fired = true }
        scheduler.cancel()
        clock.advance(by: .seconds(10))
        await scheduler.settle()
        #expect(!fired)
    }
}
