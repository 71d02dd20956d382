import Hummingbird
import PetSpotDomain
import PetSpotStore

/// Path parameters, read once at the edge into typed values. Every pattern carries its parameters, so
/// an empty one can only be a path that names nothing: it answers as an unknown id does (404 NOT_FOUND
/// on the API, the not-found page on the web).
extension PetSpotRequestContext {
    /// The path's `name` parameter.
    func path(_ name: String) throws -> String {
        guard let value = parameters.get(name), !value.isEmpty else { throw StoreError.notFound }
        return value
    }

    /// The report a path names (`:id`).
    func reportID() throws -> AnnouncementID { AnnouncementID(try path("id")) }
}
