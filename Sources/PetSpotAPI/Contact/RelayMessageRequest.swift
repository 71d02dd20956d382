import Foundation

/// The body of `POST /api/v1/announcements/{id}/messages`: a message PetSpot e-mails to the
/// reporter with `email` as Reply-To, so nobody's address is published. Shared by the server and PetSpotClient.
public struct RelayMessageRequest: Codable, Sendable, Equatable {
    public var name: String
    public var email: String
    public var phone: String?
    /// For a missing pet: what identifies it (the owner compares it with what only they know).
    public var trait: String?
    public var message: String

    public init(name: String, email: String, phone: String? = nil, trait: String? = nil, message: String) {
        self.name = name
        self.email = email
        self.phone = phone
        self.trait = trait
        self.message = message
    }
}
