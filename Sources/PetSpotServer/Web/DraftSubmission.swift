import Foundation
import PetSpotAPI
import PetSpotDomain
import PetSpotLooks
import PetSpotRoutes
import PetSpotStore
import PetSpotWeb

/// Turns a finished draft into a report exactly as the API would: the same create rules, then the photo.
struct DraftSubmission {
    let service: AnnouncementService
    let photos: PhotoStorage
    let drafts: DraftKeeper
    /// Whether look-alikes are on: the code page then says a photo of a type the model reads is compared in a moment.
    let looksOn: Bool

    /// Whether a photo of `type` (an `ImageType` name) is compared with the others.
    func comparesPhotos(of type: String?) -> Bool {
        looksOn && type.map { type in LooksModel.photoTypes.contains { $0.lowercased() == type.lowercased() } } == true
    }

    /// Creates the report (its e-mails in `language`) and attaches the draft's photo, fetched to a
    /// temporary copy first. The report is filed under a key made of the draft's (`draftKey`), its form and
    /// its photo's bytes, so copies of one send arriving at once at several instances file one report with
    /// one code, and a send again after a photo failure gives that report its photo; an edited form or
    /// another photo is another report.
    func submit(_ draft: ReportDraft, language: Language, client: String, draftKey: String) async throws -> SubmittedReport {
        guard let photo = draft.photo, let type = ImageType(rawValue: photo.type) else { throw WebError.notFound }
        let copy = photos.temporaryDirectory.appendingPathComponent("upload-\(UUID().uuidString)")
        do {
            guard try await drafts.fetchPhoto(photo, to: copy) else { throw WebError.notFound }
        } catch {
            try? FileManager.default.removeItem(at: copy)
            throw StoreError.classify(error)
        }
        do {
            let upload = UploadedPhoto(file: copy, size: photo.size, head: try ImageType.head(of: copy))
            let photoDigest = try PhotoMaintenance.digest(copy)
            let key = "draft-" + AnnouncementService.digest("\(draftKey)|\(language.rawValue)|\(draft.form)|\(photoDigest)")
            return try await submit(draft.form, photo: upload, type: type, language: language, client: client, key: key)
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
        let (announcement, password, mailed) = try await service.create(input, language: language.rawValue, client: client, key: key)
        if announcement.photoURL == nil {
            do {
                try await service.setPhoto(announcement.id, upload: photo, type: type)
            } catch {
                if key == nil { try? await service.delete(announcement.id) }
                throw error
            }
        }
        return SubmittedReport(id: announcement.id.rawValue, managementCode: password, codeMailed: mailed)
    }

    /// After a found report is filed: the five missing pets that may be it, as strangers see them (their public
    /// areas, no contacts), best first; none for a missing report, or when they cannot be read just now.
    func lookAlikes(after flow: ReportFlow, of report: SubmittedReport) async -> [AnnouncementMatch] {
        guard flow == .found, let filed = try? await service.find(AnnouncementID(report.id)),
            let matches = try? await service.matches(for: filed)
        else { return [] }
        return matches.prefix(5).map { match in
            var match = match
            match.candidate = match.candidate.withContactWithheld.inPublicArea
            return match
        }
    }
}
