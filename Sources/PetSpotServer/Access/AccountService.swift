import Foundation
import PetSpotStore

/// The mobile apps' accounts: registration and sign-in with an e-mail and a password, each answered with
/// an access token. Wrong passwords count toward the lock-out per address and per client; an unknown
/// address takes as long to refuse as a wrong password.
struct AccountService: Sendable {
    let users: any UserStore
    let hasher: PasswordHasher
    let signer: JWTSigner
    let lockout: LockoutPolicy
    let now: @Sendable () -> Date
    /// Compared against when the e-mail is unknown, so both failures take the same time.
    static let dummyHash = String(repeating: "0", count: 32) + ":" + String(repeating: "0", count: 128)

    /// A new account and its token; `StoreError.conflict` when the address has one, `AccessError.tooMany`
    /// when `client` made its share of accounts.
    func register(email: String, password: String, client: String) async throws -> (user: User, token: String) {
        try await lockout.spend([(LockoutPolicy.accountClient, client)], on: .account)
        let user = User(id: UUID().uuidString.lowercased(), email: email, passwordHash: try await hasher.hash(password), createdAt: now())
        try await users.create(user)
        return (user, signer.token(userID: user.id))
    }

    /// The account and a new token; `AccessError.wrongSecret` for an unknown address or a wrong password,
    /// `AccessError.locked` while the address or the client is locked out.
    func signIn(email: String, password: String, client: String) async throws -> (user: User, token: String) {
        let user = try await users.find(email: email)
        try await lockout.check([(LockoutPolicy.loginEmail, email), (LockoutPolicy.clientLogin, client)]) {
            let matches = await hasher.verify(password, against: user?.passwordHash ?? Self.dummyHash)
            return matches && user != nil
        }
        guard let user else { throw AccessError.wrongSecret }
        return (user, signer.token(userID: user.id))
    }
}
