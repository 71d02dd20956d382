/// The step badge in a report flow's navigation bar, e.g. "2/4".
public struct ProgressIndicatorConfig: Sendable, Equatable {
    public let step: Int
    public let total: Int
    public let backgroundColor: String
    public let textColor: String

    public init(step: Int, total: Int, backgroundColor: String = "#155DFC", textColor: String = "#FFFFFF") {
        self.step = step
        self.total = total
        self.backgroundColor = backgroundColor
        self.textColor = textColor
    }

    /// Step 1 of the four-step Missing flow.
    public static let standard = ProgressIndicatorConfig(step: 1, total: 4)

    /// A step of the Missing flow (of 4).
    public static func missingFlow(step: Int) -> ProgressIndicatorConfig { standard.with(step: step) }

    /// A step of the Found flow (of 3).
    public static func foundFlow(step: Int) -> ProgressIndicatorConfig { ProgressIndicatorConfig(step: step, total: 3) }

    public func with(step: Int) -> ProgressIndicatorConfig {
        ProgressIndicatorConfig(step: step, total: total, backgroundColor: backgroundColor, textColor: textColor)
    }

    public var displayText: String { "\(step)/\(total)" }
}
