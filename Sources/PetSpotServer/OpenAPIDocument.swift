import Foundation

/// The OpenAPI 3.1 description of the API (`Resources/openapi.json`), served at `/openapi.json`.
enum OpenAPIDocument {
    static let json: String = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return "{}" }
        return text
    }()
}
