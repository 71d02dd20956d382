import PetSpotDomain

/// A store that can take many announcements at once, bypassing the API, its validation and scrypt: for
/// benchmarks and imports. Every row gets the same `passwordHash`. A PostgreSQL store can adopt it with COPY.
public protocol BulkLoading: PetSpotStorage {
    /// Inserts `announcements` in as few transactions as the backend likes; all or nothing per call.
    func bulkLoad(_ announcements: [Announcement], passwordHash: String) async throws
}
