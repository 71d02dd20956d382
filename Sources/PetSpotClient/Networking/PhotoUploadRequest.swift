import Foundation

/// A photo to upload to a created report, authorised by its management password. The repository reads
/// the bytes from the photo's cached file when it uploads (`data`, when given, is sent instead).
public struct PhotoUploadRequest: Sendable, Equatable {
    public var announcementId: AnnouncementID
    public var photo: PhotoAttachmentMetadata
    public var data: Data?
    public var managementPassword: String

    public init(announcementId: AnnouncementID, photo: PhotoAttachmentMetadata, data: Data? = nil, managementPassword: String) {
        self.announcementId = announcementId
        self.photo = photo
        self.data = data
        self.managementPassword = managementPassword
    }

    /// Seed 004's shape: the id as the step-1 response's text.
    public init(announcementId: String, photo: PhotoAttachmentMetadata, data: Data? = nil, managementPassword: String) {
        self.init(announcementId: AnnouncementID(announcementId), photo: photo, data: data, managementPassword: managementPassword)
    }

    /// The bytes to send: `data`, or the cached file's.
    public func bytes() throws(RepositoryError) -> Data {
        if let data { return data }
        do { return try Data(contentsOf: photo.cachedURL) } catch { throw .fileIOError }
    }
}
