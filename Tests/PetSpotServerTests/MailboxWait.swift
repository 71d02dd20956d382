import Foundation
@testable import PetSpotServer

extension MailboxMessage {
    /// The mailbox folder's messages once `done` holds of them (the outbox delivers in the background), or
    /// as they are after two minutes: the whole suite shares two cores, so under it a delivery can lag far
    /// behind a quiet run's tens of milliseconds.
    static func arrived(in directory: URL, until done: ([MailboxMessage]) -> Bool) async throws -> [MailboxMessage] {
        let deadline = ContinuousClock.now + .seconds(120)
        while true {
            let messages = try MailboxMessage.all(in: directory)
            if done(messages) || ContinuousClock.now >= deadline { return messages }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// The first message that `matches`, once one arrived; nil after two minutes without one.
    static func first(in directory: URL, where matches: (MailboxMessage) -> Bool) async throws -> MailboxMessage? {
        try await arrived(in: directory) { $0.contains(where: matches) }.first(where: matches)
    }
}
