import Foundation

/// A `multipart/form-data` body with one file part.
struct MultipartFormData {
    let boundary: String
    let body: Data

    init(fieldName: String, fileName: String, mimeType: String, data: Data, boundary: String = "Boundary-\(UUID().uuidString)") {
        self.boundary = boundary
        var body = Data()
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
