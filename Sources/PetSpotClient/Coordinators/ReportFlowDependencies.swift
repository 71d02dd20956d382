import Foundation

/// What a report flow's coordinator needs from the app: the server, the device and the language.
@MainActor
public struct ReportFlowDependencies {
    public var submissionService: any AnnouncementSubmissionServiceProtocol
    /// Where the flow's photo is cached; cleared when the flow ends.
    public var photoCacheDirectory: URL
    public var clipboard: any Clipboard
    /// Makes one toast scheduler per screen.
    public var makeToastScheduler: () -> ToastScheduler
    public var locationProvider: (any CurrentLocationProviding)?
    public var strings: LocalizedStrings
    public var now: () -> Date

    public init(
        submissionService: any AnnouncementSubmissionServiceProtocol, photoCacheDirectory: URL,
        clipboard: any Clipboard, makeToastScheduler: @escaping () -> ToastScheduler = { ToastScheduler() },
        locationProvider: (any CurrentLocationProviding)? = nil,
        strings: LocalizedStrings = LocalizedStrings(), now: @escaping () -> Date = Date.init
    ) {
        self.submissionService = submissionService
        self.photoCacheDirectory = photoCacheDirectory
        self.clipboard = clipboard
        self.makeToastScheduler = makeToastScheduler
        self.locationProvider = locationProvider
        self.strings = strings
        self.now = now
    }
}
