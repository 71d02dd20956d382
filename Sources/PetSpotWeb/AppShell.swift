import Foundation
import PetSpotRoutes

/// What makes the web app installable and usable without signal: its manifest, and the service worker
/// that keeps the shell, the pages a person opened and the one-page report forms on the phone.
public enum AppShell {
    /// The manifest in `language`: names, colours of the design (`site.css`'s blue on white), icons,
    /// the start page and a standalone window.
    public static func manifest(_ language: Language) -> Data {
        let strings = Strings(language)
        let icons: [[String: String]] = [
            ["src": StaticFiles.path(of: "icon-192.png"), "sizes": "192x192", "type": "image/png", "purpose": "any"],
            ["src": StaticFiles.path(of: "icon-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "any"],
            ["src": StaticFiles.path(of: "icon-maskable-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "maskable"],
            ["src": StaticFiles.path(of: "favicon.svg"), "sizes": "any", "type": "image/svg+xml", "purpose": "any"],
        ]
        let manifest: [String: Any] = [
            "id": "/", "name": "PetSpot", "short_name": "PetSpot", "description": strings[.appDescription],
            "lang": language.rawValue, "start_url": WebRoute.home.path, "scope": "/", "display": "standalone",
            "background_color": "#F8F9FB", "theme_color": "#155DFC", "icons": icons,
            "shortcuts": ReportFlow.allCases.map { flow in
                ["name": strings[flow == .missing ? .offlineMissingTitle : .offlineFoundTitle], "url": WebRoute.offlineReport(flow).path]
            },
        ]
        return (try? JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }

    /// The service worker: its settings (the shell's versioned files, the one-page forms, the "saved on
    /// this phone" and "this step was not sent" texts) and then `Static/sw.js`. Its bytes change whenever a shell file does, which is
    /// how browsers learn to update it.
    public static let serviceWorker: Data = {
        let shell = ["site.css", "app.js", "queue.js", "offline.js", "favicon.svg", "icon-192.png"].map(StaticFiles.path(of:))
        let settings: [String: Any] = [
            "version": StaticFiles.fingerprint(Data(StaticFiles.all.keys.sorted().map { StaticFiles.version(of: $0) }.joined().utf8)),
            "shell": shell,
            "queue": StaticFiles.path(of: "queue.js"),
            "forms": Dictionary(uniqueKeysWithValues: ReportFlow.allCases.map { ($0.basePath, WebRoute.offlineReport($0).path) }),
            "saved": inEveryLanguage(.offlinePageSaved), "notSent": inEveryLanguage(.offlineStepNotSent),
        ]
        let json = (try? JSONSerialization.data(withJSONObject: settings, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return Data("self.PETSPOT = ".utf8) + json + Data(";\n".utf8) + (StaticFiles.all["sw.js"]?.data ?? Data())
    }()

    /// A text by language code, for the worker to pick the page's.
    static func inEveryLanguage(_ key: TextKey) -> [String: String] {
        Dictionary(uniqueKeysWithValues: Language.allCases.map { ($0.rawValue, Strings($0)[key]) })
    }
}
