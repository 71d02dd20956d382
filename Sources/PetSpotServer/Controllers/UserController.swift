import Foundation
import HTTPTypes
import Hummingbird
import PetSpotAPI
import PetSpotStore

/// Registration and login (reference §5), with lock-out on repeated wrong passwords.
struct UserController {
    let users: any UserStore
    let hasher: PasswordHasher
    let signer: JWTSigner
    let lockout: LockoutPolicy
    /// Compared against when the e-mail is unknown, so both failures take the same time.
    static let dummyHash = String(repeating: "0", count: 32) + ":" + String(repeating: "0", count: 128)

    func register(on router: Router<PetSpotRequestContext>) {
        router.post(RouterPath(APIPath.users), use: registerUser)
        router.post(RouterPath(APIPath.login), use: login)
    }

    @Sendable func registerUser(_ request: Request, context: PetSpotRequestContext) async throws -> Response {
        let credentials = try UserValidation.validate(try await RequestBodyReader.json(request))
        let user = User(id: UUID().uuidString.lowercased(), email: credentials.email,
                        passwordHash: try await hasher.hash(credentials.password), createdAt: Date())
        try await users.create(user)
        return JSONResponse.make(UserTokenDTO(userId: user.id, accessToken: signer.token(userID: user.id)), status: .created)
    }

    @Sendable func login(_ request: Request, context: PetSpotRequestContext) async throws -> Response {
        let credentials = try UserValidation.validate(try await RequestBodyReader.json(request))
        let user = try await users.find(email: credentials.email)
        do {
            try await lockout.check([(LockoutPolicy.loginEmail, credentials.email), (LockoutPolicy.clientLogin, context.clientAddress)]) {
                let matches = await hasher.verify(credentials.password, against: user?.passwordHash ?? Self.dummyHash)
                return matches && user != nil
            }
        } catch AccessError.wrongSecret {
            throw APIError(status: .unauthorized, code: .invalidCredentials, message: "Invalid email or password")
        }
        guard let user else { throw AccessError.wrongSecret }
        return JSONResponse.make(UserTokenDTO(userId: user.id, accessToken: signer.token(userID: user.id)))
    }
}
