/// The OpenAPI 3.1 description of the API, served at `/openapi.json`.
enum OpenAPIDocument {
    static let json = #"{"openapi":"3.1.0","info":{"title":"PetSpot API","version":"1.0.0"},"paths":{}}"#
}
