import Hummingbird
import PetSpotDomain
import PetSpotStore

/// Path parameters, read once at the edge into typed values. Every pattern carries its parameters, so
/// an empty one can only be a path that names nothing: it answers as an unknown id does (404 NOT_FOUND
/// on the API, the not-found page on the web).
extension PetSpotRequestContext {
    /// The path's `name` parameter, percent-decoded (`/announcements/%35bcb…` names report `5bcb…`, as the
    /// old backend read it; a malformed escape stays as sent and names nothing).
    func path(_ name: String) throws -> String {
        guard let sent = parameters.get(name), case let value = sent.removingPercentEncoding ?? sent, !value.isEmpty else {
            throw StoreError.notFound
        }
        return value
    }

    /// The report a path names (`:id`).
    func reportID() throws -> AnnouncementID { AnnouncementID(try path("id")) }
}
