import PetSpotAPI

/// Why a call to the PetSpot server failed.
public enum RepositoryError: Error, Sendable, Equatable {
    /// The server could not be reached (offline, timeout, refused connection).
    case network(description: String)
    /// The server answered with an unexpected status; its error body when it sent one.
    case http(status: Int, error: APIErrorEnvelope.Body?)
    /// 401/403: the management password was not accepted.
    case unauthorized
    case notFound
    /// The answer could not be understood.
    case invalidResponse
    /// The photo's cached file could not be read; nothing was sent.
    case fileIOError

    /// True when the device could not talk to the server at all, as opposed to the server refusing.
    public var isConnectivityProblem: Bool {
        if case .network = self { return true }
        return false
    }
}
