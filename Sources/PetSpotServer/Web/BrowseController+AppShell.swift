import Foundation
import Hummingbird
import PetSpotRoutes
import PetSpotWeb

/// The installable app's two files: the manifest (in the visitor's language) and the service worker,
/// which lives at the root so that it may serve every page.
extension BrowseController {
    static let manifests = Dictionary(uniqueKeysWithValues: Language.allCases.map { ($0, ByteBuffer(bytes: AppShell.manifest($0))) })
    static let serviceWorker = ByteBuffer(bytes: AppShell.serviceWorker)

    func registerAppShell(on router: some RouterMethods<PetSpotRequestContext>) {
        router.get(.manifest) { request, _ in
            let body = Self.manifests[pages.session(request).language] ?? ByteBuffer()
            return Response(
                status: .ok,
                headers: [.contentType: "application/manifest+json", .cacheControl: "no-cache", .vary: "Cookie, Accept-Language"],
                body: ResponseBody(byteBuffer: body))
        }
        router.get(.serviceWorker) { _, _ in
            // Checked on every visit (browsers cap a worker's cache at a day anyway): a new shell arrives at once.
            // A worker's own policy governs what it loads: its queue script and the pages it keeps.
            Response(
                status: .ok,
                headers: [
                    .contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache",
                    .contentSecurityPolicy: "default-src 'none'; script-src 'self'; connect-src 'self'",
                ],
                body: ResponseBody(byteBuffer: Self.serviceWorker))
        }
    }
}
