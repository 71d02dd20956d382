import Foundation
import PetSpotDomain
import PetSpotRoutes

/// A report in progress: what each step received, the photo kept with it, and, once sent, the report.
public struct ReportDraft: Codable, Sendable, Equatable {
    public var flow: ReportFlow
    /// What the steps received, as accepted (the microchip as digits).
    public var form: ReportForm
    public var completed: Set<ReportFlow.Step>
    public var photo: DraftPhoto?
    public var result: SubmittedReport?

    public init(flow: ReportFlow) {
        self.flow = flow
        form = ReportForm(kind: flow.kind)
        completed = []
    }

    /// True when the step holds everything it needs.
    public func isComplete(_ step: ReportFlow.Step) -> Bool {
        completed.contains(step) && (step != .photo || photo != nil)
    }

    /// The first step still to be filled in (the last form step once all are done).
    public var firstIncompleteStep: ReportFlow.Step {
        flow.steps.first { !isComplete($0) } ?? flow.steps[flow.steps.count - 1]
    }

    /// Where a request for `step` should land: the outcome once sent, never past the first incomplete step.
    public func destination(for step: ReportFlow.Step) -> ReportFlow.Step {
        if result != nil { return .created }
        guard step != .created, let wanted = flow.steps.firstIndex(of: step),
            let allowed = flow.steps.firstIndex(of: firstIncompleteStep)
        else { return firstIncompleteStep }
        return wanted <= allowed ? step : firstIncompleteStep
    }
}

/// The photo kept with a draft in the drafts folder.
public struct DraftPhoto: Codable, Sendable, Equatable {
    /// The file's name in the drafts folder.
    public var storedName: String
    /// The name the person's file had, shown back to them.
    public var originalName: String
    public var size: Int
    /// The image type's file extension (`jpeg`, `png`…).
    public var type: String

    public init(storedName: String, originalName: String, size: Int, type: String) {
        self.storedName = storedName
        self.originalName = originalName
        self.size = size
        self.type = type
    }

    /// The name to show back for a file the device called `fileName`: its last path component, without
    /// control characters, at most 100 characters; `photo.<type>` when it had none.
    public static func shownName(_ fileName: String?, type: String) -> String {
        let last = (fileName ?? "").split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let shown = String(last.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) }).trimmingCharacters(in: .whitespaces)
        return shown.isEmpty ? "photo.\(type)" : shown.limited(to: 100)
    }
}

/// The report a draft became.
public struct SubmittedReport: Codable, Sendable, Equatable {
    public var id: String
    public var managementCode: String
    /// Whether the code went out by e-mail (nil: a draft kept before this was recorded, taken as yes).
    public var codeMailed: Bool?
    /// When it was sent, in seconds since 1970 (nil: a draft kept before this was recorded).
    public var sentAt: Double?

    /// How long the code page shows the code (for a reload, or Back): time to note it, not a day for
    /// the next person at a shared computer. The offline queue keeps a sent report's code as long (the
    /// layout gives it this).
    public static let codeShownFor: TimeInterval = 3600

    public init(id: String, managementCode: String, codeMailed: Bool? = nil, sentAt: Date = Date()) {
        self.id = id
        self.managementCode = managementCode
        self.codeMailed = codeMailed
        self.sentAt = sentAt.timeIntervalSince1970
    }

    /// Whether the code page may still show it at `now`.
    public func showsCode(at now: Date) -> Bool {
        sentAt.map { now.timeIntervalSince1970 - $0 < Self.codeShownFor } ?? false
    }
}
