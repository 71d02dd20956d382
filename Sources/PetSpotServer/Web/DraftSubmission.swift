import Foundation
import PetSpotAPI
import PetSpotDomain
import PetSpotWeb

/// Turns a finished draft into a report exactly as the API would: the same create rules, then the photo.
struct DraftSubmission {
    let service: AnnouncementService
    let photos: PhotoStorage
    let drafts: DraftKeeper

    /// The create request body the draft stands for (empty optional values left out).
    static func body(_ draft: ReportDraft) -> JSONValue {
        let v = draft.values
        var members: [(key: String, value: JSONValue)] = []
        func text(_ key: String, _ value: String?) {
            if let value, !value.isEmpty { members.append((key, .string(value))) }
        }
        text("species", v["species"]); text("breed", v["race"]); text("sex", v["gender"])
        if let age = v["age"].flatMap(Int.init) { members.append(("age", .number(Double(age)))) }
        text("lastSeenDate", v["date"])
        members.append(("locationLatitude", .number(StepValidation.number(v["latitude"] ?? "") ?? .nan)))
        members.append(("locationLongitude", .number(StepValidation.number(v["longitude"] ?? "") ?? .nan)))
        text("email", v["email"]); text("phone", v["phone"].map(ContactRules.sanitizedPhone))
        members.append(("status", .string(draft.flow.status)))
        text("microchipNumber", draft.flow == .missing ? v["microchip"] : v["collar"])
        text("petName", v["petName"]); text("description", v["description"]); text("reward", v["reward"])
        return .object(members)
    }

    static func head(of file: URL) throws -> [UInt8] {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        return Array(try handle.read(upToCount: ImageType.sniffLength) ?? Data())
    }

    /// Creates the report (its e-mails in `language`) and attaches the draft's photo; on a photo failure
    /// the report is removed again.
    func submit(_ draft: ReportDraft, language: Language) async throws -> SubmittedReport {
        guard let photo = draft.photo, let type = ImageType(rawValue: photo.type) else { throw WebError.notFound }
        let input = try AnnouncementValidation.validateCreate(Self.body(draft))
        let (announcement, password) = try await service.create(input, language: language.rawValue)
        do {
            let copy = photos.temporaryDirectory.appendingPathComponent("upload-\(UUID().uuidString)")
            try FileManager.default.copyItem(at: drafts.photoFile(photo), to: copy)
            let head = try Self.head(of: copy)
            try await service.setPhoto(announcement.id, upload: UploadedPhoto(file: copy, size: photo.size, head: head), type: type)
        } catch {
            try? await service.delete(announcement.id)
            throw error
        }
        return SubmittedReport(id: announcement.id.rawValue, managementCode: password)
    }
}
