import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PetSpotAPI
import Testing

/// Reference cases §11.4 (registration) and §11.5 (login).
@Suite struct UserAPITests {
    func body(_ email: String?, _ password: String?, extra: Bool = false) -> String {
        var object: [String: String] = [:]
        if let email { object["email"] = email }
        if let password { object["password"] = password }
        if extra { object["extraField"] = "x" }
        return String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    @Test func registerThenLoginGivesAOneHourTokenForTheUser() async throws {
        try await TestApp.run { client, _ throws in
            let registered = try await client.send(.post, APIPath.users, json: body("MixedCase@Example.COM", "password123"))
            #expect(registered.status == .created)
            let userID = try #require(registered.json["userId"] as? String)
            #expect(registered.json["accessToken"] is String)
            let login = try await client.send(.post, APIPath.login, json: body("mixedcase@example.com", "password123"))
            #expect(login.status == .ok && login.json["userId"] as? String == userID)
            let token = try #require(login.json["accessToken"] as? String)
            let parts = token.split(separator: ".")
            #expect(parts.count == 3)
            var payload = String(parts[1]).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            payload += String(repeating: "=", count: (4 - payload.count % 4) % 4)
            let claims = try #require(try JSONSerialization.jsonObject(with: Data(base64Encoded: payload)!) as? [String: Any])
            #expect(claims["userId"] as? String == userID)
            #expect((claims["exp"] as? Int).map { $0 - (claims["iat"] as? Int ?? 0) } == 3600)
            let upper = try await client.send(.post, APIPath.login, json: body("MIXEDCASE@example.com", "password123"))
            #expect(upper.status == .ok)
            let spaced = try await client.send(.post, APIPath.login, json: body(" mixedcase@example.com ", "password123"))
            #expect(spaced.status == .ok)
            let duplicate = try await client.send(.post, APIPath.users, json: body("mixedcase@example.com", "otherpassword"))
            #expect(duplicate.status == .conflict && duplicate.errorCode == "CONFLICT" && duplicate.error["message"] as? String == "Email already exists")
        }
    }

    @Test func wrongPasswordAndUnknownEmailLookTheSame() async throws {
        try await TestApp.run { client, _ throws in
            _ = try await client.send(.post, APIPath.users, json: body("login-test@example.com", "password123"))
            let unknown = try await client.send(.post, APIPath.login, json: body("nonexistent@example.com", "password123"))
            let wrong = try await client.send(.post, APIPath.login, json: body("login-test@example.com", "wrongpassword"))
            for response in [unknown, wrong] {
                #expect(response.status == .unauthorized && response.errorCode == "INVALID_CREDENTIALS")
                #expect(response.error["message"] as? String == "Invalid email or password")
            }
        }
    }

    @Test(
        arguments: [
            ("invalid-email", "password123", false, "INVALID_FORMAT", "email"), ("user@", "password123", false, "INVALID_FORMAT", "email"),
            ("@example.com", "password123", false, "INVALID_FORMAT", "email"),
            (String(repeating: "a", count: 243) + "@example.com", "password123", false, "INVALID_FORMAT", "email"),
            ("", "password123", false, "INVALID_FORMAT", "email"), ("u@example.com", "short", false, "INVALID_FORMAT", "password"),
            ("u@example.com", "1234567", false, "INVALID_FORMAT", "password"),
            ("u@example.com", String(repeating: "a", count: 129), false, "INVALID_FORMAT", "password"),
            ("u@example.com", "", false, "INVALID_FORMAT", "password"), ("u@example.com", nil, false, "MISSING_VALUE", "password"),
            (nil, "12345678", false, "MISSING_VALUE", "email"), ("u@example.com", "password123", true, "INVALID_FIELD", "extraField"),
            ("u\u{1B}[2J@example.com", "password123", false, "INVALID_FORMAT", "email"),
        ] as [(String?, String?, Bool, String, String)])
    func invalidBodies(_ email: String?, _ password: String?, _ extra: Bool, _ code: String, _ field: String) async throws {
        try await TestApp.run { client, _ throws in
            for path in [APIPath.users, APIPath.login] {
                let response = try await client.send(.post, path, json: body(email, password, extra: extra))
                #expect(response.status == .badRequest)
                #expect(response.errorCode == code && response.error["field"] as? String == field, "\(path) \(response.text)")
                #expect(response.error["requestId"] is String)
            }
        }
    }
}
