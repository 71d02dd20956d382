import Foundation
import PetSpotAPI
import PetSpotDomain
import PetSpotRoutes
import PetSpotStore
import PetSpotWeb

/// Turns a finished draft into a report exactly as the API would: the same create rules, then the photo.
struct DraftSubmission {
    let service: AnnouncementService
    let photos: PhotoStorage
    let drafts: DraftKeeper

    static func head(of file: URL) throws -> [UInt8] {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        return Array(try handle.read(upToCount: ImageType.sniffLength) ?? Data())
    }

    /// Creates the report (its e-mails in `language`) and attaches the draft's photo, fetched to a
    /// temporary copy first; on a photo failure the report is removed again.
    func submit(_ draft: ReportDraft, language: Language, client: String) async throws -> SubmittedReport {
        guard let photo = draft.photo, let type = ImageType(rawValue: photo.type) else { throw WebError.notFound }
        let copy = photos.temporaryDirectory.appendingPathComponent("upload-\(UUID().uuidString)")
        do {
            guard try await drafts.fetchPhoto(photo, to: copy) else { throw WebError.notFound }
        } catch {
            try? FileManager.default.removeItem(at: copy)
            throw StoreError.classify(error)
        }
        do {
            let upload = UploadedPhoto(file: copy, size: photo.size, head: try Self.head(of: copy))
            return try await submit(draft.form, photo: upload, type: type, language: language, client: client, key: nil)
        } catch {
            // Installed photos were moved away; a copy the report never took goes.
            try? FileManager.default.removeItem(at: copy)
            throw error
        }
    }

    /// Creates a report from a whole form and its photo (the one-page form), under `key` when the phone's
    /// queue gave one: a retry finds the report filed before and gives it the photo if it still has none.
    /// Without a key, a photo that fails removes the report again, as a draft's does.
    func submit(_ form: ReportForm, photo: UploadedPhoto, type: ImageType, language: Language, client: String, key: String?) async throws
        -> SubmittedReport
    {
        let input = try AnnouncementValidation.validateCreate(CreateAnnouncementRequest(form: form))
        let (announcement, password) = try await service.create(input, language: language.rawValue, client: client, key: key)
        if announcement.photoURL == nil {
            do {
                try await service.setPhoto(announcement.id, upload: photo, type: type)
            } catch {
                if key == nil { try? await service.delete(announcement.id) }
                throw error
            }
        }
        return SubmittedReport(id: announcement.id.rawValue, managementCode: password)
    }
}
