import Foundation
import HTTPTypes
import Hummingbird
import PetSpotAPI
import PetSpotStore

/// A photo written to a temporary file, with the bytes that tell its type.
struct UploadedPhoto {
    var file: URL
    var size: Int
    var head: [UInt8]
    /// The file's name on the sender's device, as the part named it.
    var name: String? = nil
}

/// Streams a `multipart/form-data` body: the `photo` file part goes straight to a temporary file as it
/// arrives (never whole in memory), text parts are kept up to `maxTextBytes` in all (the sighting form
/// sends its fields with the photo), anything else is a clear 4xx.
struct MultipartPhotoReader {
    static let fieldName = "photo"
    static let maxPhotoBytes = 20 * 1024 * 1024
    /// Room for text fields and part headers around the photo.
    static let maxBodyBytes = maxPhotoBytes + 1024 * 1024

    let storage: PhotoStorage

    static let maxTextBytes = 16 * 1024

    /// The uploaded photo, or nil when the body holds no `photo` file.
    func read(_ request: Request) async throws -> UploadedPhoto? {
        try await readForm(request).photo
    }

    /// The uploaded photo (nil when the body holds no `photo` file) and the text fields.
    func readForm(_ request: Request) async throws -> (photo: UploadedPhoto?, fields: [String: String]) {
        guard let boundary = Self.boundary(request.headers[.contentType]) else {
            for try await _ in request.body {}
            return (nil, [:])
        }
        var stream = MultipartStream(boundary: boundary)
        let parts = PartWriter(storage: storage)
        do {
            var received = 0
            for try await chunk in request.body {
                received += chunk.readableBytes
                guard received <= Self.maxBodyBytes else { throw Self.tooLarge }
                do {
                    try stream.feed(Data(chunk.readableBytesView), parts.handle)
                } catch is MultipartStream.Malformed {
                    throw Self.malformed
                }
            }
            guard stream.isComplete || !stream.isInsidePart else { throw Self.malformed }
            if let photo = parts.photo, let type = ImageType.detect(photo.head) {
                try await ImageDimensions.check(photo.file, type: type)
                try PhotoLocation.remove(from: photo.file, type: type)
            }
            return (parts.photo, parts.fields.mapValues { String(decoding: $0, as: UTF8.self) })
        } catch {
            parts.discardAll()
            throw error
        }
    }

    static let malformed = APIError.badRequest(.invalidFormat, "Malformed multipart body")
    static let tooLarge = APIError(
        status: .contentTooLarge, code: .payloadTooLarge,
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

/// Writes the photo part to a temporary file as the stream reports it. Used from one task only.
private final class PartWriter {
    let storage: PhotoStorage
    var current: (handle: FileHandle, upload: UploadedPhoto)?
    var photo: UploadedPhoto?
    /// Text fields by name (the first of each), and the one being read.
    var fields: [String: Data] = [:]
    var text: (name: String, data: Data)?
    var textBytes = 0

    init(storage: PhotoStorage) { self.storage = storage }

    func handle(_ event: MultipartStream.Event) throws {
        switch event {
        case .headers(let headers): try start(ContentDisposition(headers.first { $0.name == "content-disposition" }?.value ?? ""))
        case .body(let data): try write(data)
        case .partEnd: finish()
        }
    }

    /// A `photo` file part starts a file; text fields (a part without a file name, even one called
    /// `photo`, as the old backend's multer read them) are kept; a file under another name is refused.
    private func start(_ disposition: ContentDisposition) throws {
        guard disposition.name == MultipartPhotoReader.fieldName, disposition.fileName != nil else {
            guard disposition.fileName == nil else {
                let name = disposition.name ?? ""
                throw APIError.badRequest(.invalidField, "\(name) is not a valid field, send the photo as 'photo'", field: name)
            }
            text = disposition.name.map { ($0, Data()) }
            return
        }
        guard photo == nil else { throw APIError.badRequest(.invalidField, "Only one photo can be uploaded", field: "photo") }
        let url = try storage.makeTemporaryFile()
        current = (try FileHandle(forWritingTo: url), UploadedPhoto(file: url, size: 0, head: [], name: disposition.fileName))
    }

    private func write(_ data: Data) throws {
        if var field = text {
            textBytes += data.count
            guard textBytes <= MultipartPhotoReader.maxTextBytes else {
                throw APIError(status: .contentTooLarge, code: .payloadTooLarge, message: "Form fields exceed 16KB")
            }
            field.data += data
            text = field
            return
        }
        guard var part = current else { return }
        part.upload.size += data.count
        guard part.upload.size <= MultipartPhotoReader.maxPhotoBytes else { throw MultipartPhotoReader.tooLarge }
        if part.upload.head.count < ImageType.sniffLength {
            part.upload.head += data.prefix(ImageType.sniffLength - part.upload.head.count)
        }
        do {
            try part.handle.write(contentsOf: data)
        } catch {
            throw StoreError.classify(error)
        }
        current = part
    }

    private func finish() {
        if let field = text, fields[field.name] == nil { fields[field.name] = field.data }
        text = nil
        guard let part = current else { return }
        try? part.handle.close()
        photo = part.upload
        current = nil
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

/// `form-data; name="photo"; filename="pet.jpg"`, or `filename*=UTF-8''pies%20%C5%82.jpg` (RFC 5987, which
/// the old backend's upload parser read too, and which wins over a plain `filename`).
struct ContentDisposition {
    var name: String?
    var fileName: String?

    init(_ header: String) {
        for parameter in header.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { continue }
            let value =
                pair[1].count >= 2 && pair[1].hasPrefix("\"") && pair[1].hasSuffix("\"")
                ? String(pair[1].dropFirst().dropLast()) : pair[1]
            switch pair[0].lowercased() {
            case "name": name = value
            case "filename": fileName = fileName ?? value
            case "filename*":
                let encoded = value.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false).last.map(String.init) ?? value
                fileName = encoded.removingPercentEncoding ?? encoded
            default: break
            }
        }
    }
}
