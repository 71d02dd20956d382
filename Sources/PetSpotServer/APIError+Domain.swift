import Foundation
import HTTPTypes
import Hummingbird
import NIOHTTP1
import PetSpotAPI
import PetSpotDomain
import PetSpotStore

/// The one mapping from what the use cases throw (domain errors) to the API's answers: status, contract
/// code and the contract's exact message. The web maps the same errors to pages in `WebErrorMiddleware`.
extension APIError {
    /// Maps any error to what the client is told. Only errors the server itself caused become 500.
    static func from(_ error: any Error) -> APIError {
        switch error {
        case let error as APIError: return error
        case let failure as ValidationFailure:
            return APIError(status: .badRequest, code: failure.code, message: failure.message, field: failure.field)
        case StoreError.notFound, AlertError.invalidLink: return .notFound
        case StoreError.full: return .storageFull
        case StoreError.unavailable: return RequestDeadlineMiddleware.unavailable
        case AccessError.wrongSecret:
            return APIError(status: .forbidden, code: .unauthorized, message: "Invalid credentials for this announcement")
        case AccessError.locked(let seconds):
            return .tooMany("Too many failed attempts, try again later", retryAfter: seconds)
        case AccessError.tooMany(let action, let seconds): return .tooMany(tooManyMessage(action), retryAfter: seconds)
        case MyReportsService.Failure.invalidEmail: return .badRequest(.invalidField, "email must be a valid e-mail address", field: "email")
        case ModerationError.blocked: return APIError(status: .forbidden, code: .unauthorized, message: "This request cannot be accepted")
        case ModerationError.underReview: return .notFound
        case ModerationError.invalid(let problem): return flag(problem)
        case StoreError.conflict(let field) where field == "email":
            return APIError(status: .conflict, code: .conflict, message: "Email already exists")
        case StoreError.conflict(let field):
            return APIError(status: .conflict, code: .conflict, message: "An entity with this value already exists", field: field)
        case let error as RetryError: return retry(error)
        case RelayError.invalid(let field): return relay(field)
        case RelayError.reservedName: return .badRequest(.invalidField, "name cannot claim to be PetSpot or its staff", field: "name")
        case RelayError.cannotReceive: return APIError(status: .conflict, code: .conflict, message: "This report cannot receive messages")
        case SightingError.reportNotOpen:
            return APIError(status: .conflict, code: .conflict, message: "Sightings can only be added to open missing reports")
        case SightingError.photoWrongType:
            return .badRequest(.invalidFileFormat, "File is not a valid image format (JPEG, PNG, GIF, WebP, BMP, TIFF, HEIC, HEIF)", field: "photo")
        case let problems as SightingProblems: return sighting(problems.problems[0])
        case let problems as AlertProblems: return alert(problems)
        case let error as HTTPParserError:
            // The client hung up mid-body (or sent bytes that are no HTTP): its fault, not a server error.
            return .badRequest(
                .invalidFormat,
                error == .invalidEOFState || error == .closedConnection
                    ? "The request ended before its body was complete" : "Malformed HTTP request")
        case let error as HTTPError: return from(httpStatus: error.status)
        case let error as any HTTPResponseError: return from(httpStatus: error.status)
        default: return .internalError
        }
    }

    private static func retry(_ error: RetryError) -> APIError {
        switch error {
        case .invalidKey: .badRequest(.invalidField, "Idempotency-Key must be 1 to 255 visible ASCII characters", field: "Idempotency-Key")
        case .keyReused:
            APIError(status: .conflict, code: .conflict, message: "This Idempotency-Key was used for a different report", field: "Idempotency-Key")
        case .reportGone:
            APIError(status: .conflict, code: .conflict, message: "The report filed under this Idempotency-Key was deleted", field: "Idempotency-Key")
        }
    }

    private static func tooManyMessage(_ action: LimitedAction) -> String {
        switch action {
        case .message: "Too many messages, try again later"
        case .sighting: "Too many sightings, try again later"
        case .alertRequest: "Too many alert requests, try again later"
        case .report: "Too many reports, try again later"
        case .flag: "Too many flags, try again later"
        case .myReports: "Too many link requests, try again later"
        case .photoSearch: "Too many searches by photo, try again later"
        case .account: "Too many accounts made, try again later"
        }
    }

    private static func tooMany(_ message: String, retryAfter seconds: Int) -> APIError {
        var error = APIError(status: .tooManyRequests, code: .tooManyRequests, message: message)
        error.headers[.retryAfter] = String(seconds)
        return error
    }

    private static func from(httpStatus status: HTTPResponse.Status) -> APIError {
        switch status.code {
        case 404: return .notFound
        case 405: return .notFound
        case 413: return .jsonTooLarge
        case 400..<500: return APIError(status: status, code: .invalidFormat, message: status.reasonPhrase)
        default: return .internalError
        }
    }

    private static func relay(_ field: String) -> APIError {
        switch field {
        case "name": return .badRequest(.missingValue, "Required", field: "name")
        case "email": return .badRequest(.invalidField, "Invalid email format", field: "email")
        case "phone": return .badRequest(.invalidField, "Invalid phone format", field: "phone")
        default: return .badRequest(.invalidField, "message must be at least \(RelayMessageForm.messageMinimum) characters", field: "message")
        }
    }

    private static func flag(_ problem: FlagForm.Problem) -> APIError {
        let message: String
        switch problem.key {
        case "flagDuplicateUnknown":
            return APIError(status: .notFound, code: .notFound, message: "No other open report has that link or id", field: problem.field)
        case "flagReasonMissing": message = "reason must be one of \(FlagReason.allCases.map(\.rawValue).joined(separator: ", "))"
        case "flagDetailLong": message = "detail must be at most \(FlagForm.detailLimit) characters"
        case "flagDetailMissing": message = "detail is required when reason is OTHER"
        default: message = "duplicateOf must name the open report this one repeats (its id or link)"
        }
        return .badRequest(.invalidField, message, field: problem.field)
    }

    private static func sighting(_ problem: SightingForm.FieldProblem) -> APIError {
        switch problem.problem {
        case .seenAtInvalid: return .badRequest(.invalidFormat, "seenAt must be an ISO-8601 date-time", field: "seenAt")
        case .seenAtFuture: return .badRequest(.invalidField, "seenAt cannot be in the future", field: "seenAt")
        case .seenAtTooOld: return .badRequest(.invalidField, "seenAt cannot be more than 365 days ago", field: "seenAt")
        case .locationMissing: return .badRequest(.missingValue, "Required", field: problem.field)
        case .locationInvalid:
            // As a report's coordinates are refused.
            return .badRequest(.invalidFormat, AnnouncementValidation.coordinateRange(problem.field), field: problem.field)
        case .noteTooLong: return .badRequest(.invalidField, "note must be at most 500 characters", field: "note")
        case .emailInvalid: return .badRequest(.invalidField, "Invalid email format", field: "email")
        }
    }

    private static func alert(_ problems: AlertProblems) -> APIError {
        guard let first = problems.problems.first else { return .badRequest(.invalidFormat, "Invalid request") }
        let message: String =
            switch first.problem {
            case .emailInvalid: "Invalid email format"
            case .locationMissing, .locationInvalid: "latitude must be between -90 and 90, longitude between -180 and 180"
            case .radiusInvalid: "radiusKm must be one of 1, 2, 5, 10, 25, 50"
            case .kindsInvalid: "kinds must be MISSING, FOUND or BOTH"
            case .speciesInvalid: "species must be names from DOG, CAT, BIRD, RABBIT, OTHER"
            case .frequencyInvalid: "frequency must be INSTANT or DAILY"
            }
        return .badRequest(.invalidField, message, field: first.field == "place" ? "latitude" : first.field)
    }
}
