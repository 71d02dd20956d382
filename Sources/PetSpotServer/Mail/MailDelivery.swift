import Foundation

/// Where finished messages go: an SMTP server, or the mailbox folder.
public protocol MailDelivery: Sendable {
    /// Delivers `message` (RFC 5322 text) to `recipient`. Delivering one `id` again must not leave two copies
    /// where this side can prevent it.
    func deliver(_ message: String, id: String, date: Date, from sender: MailAddress, to recipient: String) async throws
}

extension SMTPClient: MailDelivery {
    public func deliver(_ message: String, id: String, date: Date, from sender: MailAddress, to recipient: String) async throws {
        try await send(message, from: sender.address, to: recipient)
    }
}

/// Without SMTP: each message becomes `<data-dir>/mailbox/<time>-<id>.eml`, so someone running PetSpot
/// on their own machine can read what would have been sent (`petspot mailbox`). The name comes from the
/// outbox entry, so writing one message twice leaves one file.
public struct MailboxDelivery: MailDelivery {
    public let directory: URL
    /// Where a message is written before it is renamed into the mailbox: this instance's temporary
    /// folder, swept after a crash, so no half-written message stays behind.
    let temporaryDirectory: URL

    public init(dataDirectory: URL, temporaryDirectory: URL? = nil) throws {
        directory = dataDirectory.appendingPathComponent("mailbox", isDirectory: true)
        self.temporaryDirectory = temporaryDirectory ?? directory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        Self.sweepStaleTemporaryFiles(in: directory)
    }

    /// Temporary files earlier versions left in the mailbox folder itself.
    static func sweepStaleTemporaryFiles(in directory: URL) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] where name.hasSuffix(".tmp") {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    public func deliver(_ message: String, id: String, date: Date, from sender: MailAddress, to recipient: String) async throws {
        let name = "\(Self.stamp(date))-\(id).eml"
        let temporary = temporaryDirectory.appendingPathComponent(".\(name).tmp")
        try Data(message.utf8).write(to: temporary)
        // rename(2) replaces atomically: a reader sees the whole message or none.
        guard rename(temporary.path, directory.appendingPathComponent(name).path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown)
        }
    }

    static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss.SSS"
        return formatter.string(from: date)
    }
}
