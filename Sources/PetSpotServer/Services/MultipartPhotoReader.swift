import Foundation
import HTTPTypes
import Hummingbird
import MultipartKit
import PetSpotAPI

/// A photo written to a temporary file, with the bytes that tell its type.
struct UploadedPhoto {
    var file: URL
    var size: Int
    var head: [UInt8]
}

/// Streams a `multipart/form-data` body: the `photo` file part goes straight to a temporary file as it
/// arrives (never whole in memory), text parts are skipped, anything else is a clear 4xx.
struct MultipartPhotoReader {
    static let fieldName = "photo"
    static let maxPhotoBytes = 20 * 1024 * 1024
    /// Room for text fields and part headers around the photo.
    static let maxBodyBytes = maxPhotoBytes + 1024 * 1024

    let storage: PhotoStorage

    /// The uploaded photo, or nil when the body holds no `photo` file.
    func read(_ request: Request) async throws -> UploadedPhoto? {
        guard let boundary = Self.boundary(request.headers[.contentType]) else {
            for try await _ in request.body {}
            return nil
        }
        let parser = MultipartParser(boundary: boundary)
        let state = PartState(storage: storage)
        parser.onHeader = { name, value in state.header(name, value) }
        parser.onBody = { buffer in state.body(&buffer) }
        parser.onPartComplete = { state.partComplete() }
        do {
            var received = 0
            for try await chunk in request.body {
                received += chunk.readableBytes
                guard received <= Self.maxBodyBytes else { throw Self.tooLarge }
                do { try parser.execute(chunk) } catch { throw Self.malformed }
                if let failure = state.failure { throw failure }
            }
            if state.inPart { throw Self.malformed }
            return state.photo
        } catch {
            state.discardAll()
            throw error
        }
    }

    static let malformed = APIError.badRequest(.invalidFormat, "Malformed multipart body")
    static let tooLarge = APIError(status: .contentTooLarge, code: .payloadTooLarge,
                                   message: "File size exceeds maximum limit of 20MB", field: "photo")

    /// The boundary of a `multipart/form-data` content type.
    static func boundary(_ contentType: String?) -> String? {
        guard let contentType else { return nil }
        let parts = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.first?.lowercased() == "multipart/form-data" else { return nil }
        for part in parts.dropFirst() where part.lowercased().hasPrefix("boundary=") {
            let value = part.dropFirst("boundary=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            return (1...70).contains(value.count) ? value : nil
        }
        return nil
    }
}

/// What the streaming parser has seen so far. Used from one task only.
private final class PartState: @unchecked Sendable {
    let storage: PhotoStorage
    var headers: [(String, String)] = []
    var inPart = false
    var current: (handle: FileHandle, upload: UploadedPhoto)?
    var photo: UploadedPhoto?
    var failure: APIError?

    init(storage: PhotoStorage) { self.storage = storage }

    func header(_ name: String, _ value: String) {
        inPart = true
        headers.append((name.lowercased(), value))
    }

    func body(_ buffer: inout ByteBuffer) {
        inPart = true
        guard failure == nil else { return }
        if current == nil, !startPart() { return }
        guard var part = current else { return }
        let bytes = buffer.readBytes(length: buffer.readableBytes) ?? []
        part.upload.size += bytes.count
        guard part.upload.size <= MultipartPhotoReader.maxPhotoBytes else {
            failure = MultipartPhotoReader.tooLarge
            return
        }
        if part.upload.head.count < ImageType.sniffLength {
            part.upload.head += bytes.prefix(ImageType.sniffLength - part.upload.head.count)
        }
        part.handle.write(Data(bytes))
        current = part
    }

    /// Decides what the part is from its headers: the photo starts a file; a text field is skipped.
    private func startPart() -> Bool {
        let disposition = ContentDisposition(headers.first { $0.0 == "content-disposition" }?.1 ?? "")
        guard disposition.fileName != nil || disposition.name == MultipartPhotoReader.fieldName else { return false }
        guard disposition.name == MultipartPhotoReader.fieldName else {
            let name = disposition.name ?? ""
            failure = .badRequest(.invalidField, "\(name) is not a valid field, send the photo as 'photo'", field: name)
            return false
        }
        guard photo == nil else {
            failure = .badRequest(.invalidField, "Only one photo can be uploaded", field: "photo")
            return false
        }
        do {
            let url = try storage.makeTemporaryFile()
            current = (try FileHandle(forWritingTo: url), UploadedPhoto(file: url, size: 0, head: []))
            return true
        } catch {
            failure = .internalError
            return false
        }
    }

    func partComplete() {
        if current == nil, failure == nil, ContentDisposition(headers.first { $0.0 == "content-disposition" }?.1 ?? "").name == MultipartPhotoReader.fieldName {
            _ = startPart()
        }
        if let part = current {
            try? part.handle.close()
            photo = part.upload
        }
        current = nil
        headers = []
        inPart = false
    }

    func discardAll() {
        if let part = current {
            try? part.handle.close()
            storage.discard(part.upload.file)
        }
        if let photo { storage.discard(photo.file) }
        current = nil
        photo = nil
    }
}

/// `form-data; name="photo"; filename="pet.jpg"`.
struct ContentDisposition {
    var name: String?
    var fileName: String?

    init(_ header: String) {
        for parameter in header.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { continue }
            let value = pair[1].count >= 2 && pair[1].hasPrefix("\"") && pair[1].hasSuffix("\"")
                ? String(pair[1].dropFirst().dropLast()) : pair[1]
            switch pair[0].lowercased() {
            case "name": name = value
            case "filename": fileName = value
            default: break
            }
        }
    }
}
