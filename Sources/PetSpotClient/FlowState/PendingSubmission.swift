import PetSpotAPI

/// A report the server already created whose photo upload has not succeeded yet; a retry uploads the
/// photo to it instead of creating a second report.
public struct PendingSubmission: Sendable, Equatable {
    public var request: CreateAnnouncementRequest
    public var result: AnnouncementResult

    public init(request: CreateAnnouncementRequest, result: AnnouncementResult) {
        self.request = request
        self.result = result
    }
}
