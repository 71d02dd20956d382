import Foundation
import Hummingbird
import PetSpotDomain
import PetSpotStore
import PetSpotWeb

/// `/check-in/{id}?answer=still|reunited&n=&token=`: a check-in e-mail's links. A GET asks (mail scanners
/// open links), the button answers; the signed token works once.
struct CheckInController: Sendable {
    let pages: WebPages
    let service: CheckInService

    func register(on router: some RouterMethods<PetSpotRequestContext>) {
        router.get(.checkIn()) { request, context in
            let session = pages.session(request)
            let query = request.uri.queryParameters
            let reunited = query["answer"] == "reunited"
            guard ["still", "reunited"].contains(query["answer"].map(String.init) ?? ""),
                service.isSigned(
                    try context.reportID(), reunited: reunited,
                    sequence: query["n"].flatMap { Int($0) } ?? -1, token: query["token"].map(String.init))
            else {
                return pages.message(.checkInInvalidTitle, .checkInInvalidBody, status: .notFound, request: request, session: session)
            }
            let page = AlertActionPage(
                titleKey: reunited ? .checkInReunitedTitle : .checkInStillTitle, bodyKey: nil,
                buttonKey: reunited ? .checkInReunitedButton : .checkInStillButton,
                action: request.uri.description, csrf: session.csrfToken, strings: Strings(session.language))
            return pages.render(page, request: request, session: session)
        }
        router.post(.checkIn()) { request, context in
            let session = pages.session(request)
            _ = try await WebPages.form(request, session: session)
            let query = request.uri.queryParameters
            let reunited = query["answer"] == "reunited"
            guard ["still", "reunited"].contains(query["answer"].map(String.init) ?? "") else {
                return pages.message(.checkInInvalidTitle, .checkInInvalidBody, status: .notFound, request: request, session: session)
            }
            do {
                let report = try await service.answer(
                    try context.reportID(), reunited: reunited,
                    sequence: query["n"].flatMap { Int($0) } ?? -1, token: query["token"].map(String.init))
                return reunited && report.status == .closed
                    ? pages.message(.checkInReunitedDoneTitle, .checkInReunitedDoneBody, status: .ok, request: request, session: session)
                    : pages.message(.checkInKeptTitle, .checkInKeptBody, status: .ok, request: request, session: session)
            } catch CheckInError.invalidLink {
                return pages.message(.checkInInvalidTitle, .checkInInvalidBody, status: .notFound, request: request, session: session)
            }
        }
    }
}
