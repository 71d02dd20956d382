import Foundation

/// An item in the operators' queue with what they need to judge it: its flags, and the report, sighting
/// or message itself (nil when it is gone).
public struct ConsoleReview: Sendable {
    public var entry: QueueEntry
    public var flags: [Flag]
    public var report: Announcement?
    public var sighting: Sighting?
    public var message: RelayedMessage?
    /// The report's sightings, for a report.
    public var sightings: [Sighting] = []
    /// Other reports whose photo looks like the same photo as the report's (`LookStore.samePhoto`).
    public var samePhoto: [AnnouncementID] = []

    public init(entry: QueueEntry, flags: [Flag]) {
        self.entry = entry
        self.flags = flags
    }
}
