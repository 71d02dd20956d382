import Foundation

/// A photo to upload to a created report, authorised by its management password.
public struct PhotoUploadRequest: Sendable, Equatable {
    public var announcementId: AnnouncementID
    public var photo: PhotoAttachmentMetadata
    public var data: Data
    public var managementPassword: String

    public init(announcementId: AnnouncementID, photo: PhotoAttachmentMetadata, data: Data, managementPassword: String) {
        self.announcementId = announcementId
        self.photo = photo
        self.data = data
        self.managementPassword = managementPassword
    }
}
