import Foundation

/// A `multipart/form-data` body with text fields, then one file part.
struct MultipartFormData {
    let boundary: String
    let body: Data

    init(
        fields: [(name: String, value: String)] = [], fieldName: String, fileName: String, mimeType: String, data: Data,
        boundary: String = "Boundary-\(UUID().uuidString)"
    ) {
        self.boundary = boundary
        var body = Data()
        for field in fields {
            body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(field.name)\"\r\n\r\n\(field.value)\r\n".utf8))
        }
        let safeName = fileName.replacingOccurrences(of: "\"", with: "").replacingOccurrences(of: "\r", with: "")
            .replacingOccurrences(of: "\n", with: "")
        body.append(Data("--\(boundary)\r\n".utf8))
        body.append(Data("Content-Disposition: form-data; name=\"\(fieldName)\"; filename=\"\(safeName)\"\r\n".utf8))
        body.append(Data("Content-Type: \(mimeType)\r\n\r\n".utf8))
        body.append(data)
        body.append(Data("\r\n--\(boundary)--\r\n".utf8))
        self.body = body
    }

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }
}
