import Foundation
import Hummingbird
import PetSpotDomain
import PetSpotWeb

/// The owner's e-mailed link (`OwnerLinks`): asking for it, then the link, which asks before it opens the
/// owner's view (mail scanners open links) and works once.
extension ManageController {
    func registerOwnerLinks(on router: some RouterMethods<PetSpotRequestContext>) {
        router.post(.manageSendLink()) { request, context in
            let session = pages.session(request)
            _ = try await WebPages.form(request, session: session)
            try await links.send(try context.reportID(), client: context.clientAddress)
            return pages.message(.ownerLinkSentTitle, .ownerLinkSentBody, status: .ok, request: request, session: session)
        }
        router.get(.manageLink()) { request, context in
            let session = pages.session(request)
            let query = request.uri.queryParameters
            guard
                await links.isUnused(
                    try context.reportID(), expiry: query["e"].flatMap { Int($0) },
                    nonce: query["n"].map(String.init), token: query["token"].map(String.init))
            else {
                return pages.message(.ownerLinkInvalidTitle, .ownerLinkInvalidBody, status: .notFound, request: request, session: session)
            }
            let page = AlertActionPage(
                titleKey: .ownerLinkTitle, bodyKey: .ownerLinkBody, buttonKey: .ownerLinkButton,
                action: request.uri.description, csrf: session.csrfToken, strings: Strings(session.language))
            return pages.render(page, request: request, session: session)
        }
        router.post(.manageLink()) { request, context in
            let session = pages.session(request)
            let form = try await WebPages.form(request, session: session)
            let query = request.uri.queryParameters
            guard
                await links.redeem(
                    try context.reportID(), expiry: query["e"].flatMap { Int($0) },
                    nonce: query["n"].map(String.init), token: query["token"].map(String.init))
            else {
                return pages.message(.ownerLinkInvalidTitle, .ownerLinkInvalidBody, status: .notFound, request: request, session: session)
            }
            return try await owner(request, context: context, session: session, form: form, viaLink: true) { try await $0.view($0.report) }
        }
    }
}
