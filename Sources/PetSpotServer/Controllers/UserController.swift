import Foundation
import HTTPTypes
import Hummingbird
import PetSpotAPI

/// Registration and login (reference §5), with lock-out on repeated wrong passwords.
struct UserController {
    let accounts: AccountService

    func register(on router: Router<PetSpotRequestContext>) {
        router.on(.register, use: registerUser)
        router.on(.login, use: login)
    }

    @Sendable func registerUser(_ request: Request, context: PetSpotRequestContext) async throws -> Response {
        let credentials = try UserValidation.validate(try await RequestBodyReader.json(request))
        let (user, token) = try await accounts.register(email: credentials.email, password: credentials.password, client: context.clientAddress)
        return JSONResponse.make(UserTokenDTO(userId: user.id, accessToken: token), status: .created)
    }

    @Sendable func login(_ request: Request, context: PetSpotRequestContext) async throws -> Response {
        let credentials = try UserValidation.validate(try await RequestBodyReader.json(request))
        do {
            let (user, token) = try await accounts.signIn(email: credentials.email, password: credentials.password, client: context.clientAddress)
            return JSONResponse.make(UserTokenDTO(userId: user.id, accessToken: token))
        } catch AccessError.wrongSecret {
            throw APIError(status: .unauthorized, code: .invalidCredentials, message: "Invalid email or password")
        }
    }
}
