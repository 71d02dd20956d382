import Observation

/// Step 1/4 of the Missing flow: the optional microchip number, formatted `00000-00000-00000` as typed.
@MainActor @Observable
public final class MissingPetChipNumberViewModel {
    /// The number as shown in the field (with dashes); setting it keeps ASCII digits (at most 15) and
    /// formats them, as typing does.
    public var chipNumber: String {
        get { shown }
        set { shown = MicrochipNumberFormatter.format(newValue) }
    }
    private var shown = ""
    /// Whether the field has the keyboard (seed 002's `isTextFieldFocused`; the screen binds it).
    public var isTextFieldFocused = false
    public let progress = ProgressIndicatorConfig.missingFlow(step: 1)
    public let strings: LocalizedStrings
    @ObservationIgnored public var onNext: (() -> Void)?
    @ObservationIgnored public var onBack: (() -> Void)?
    private let flowState: MissingPetReportFlowState

    public init(flowState: MissingPetReportFlowState, strings: LocalizedStrings = LocalizedStrings()) {
        self.flowState = flowState
        self.strings = strings
        shown = MicrochipNumberFormatter.format(flowState.chipNumber ?? "")
    }

    /// The person typed or pasted into the field: keep ASCII digits (at most 15) and format them.
    public func chipNumberChanged(_ input: String) {
        chipNumber = input
    }

    /// Continue: store the digits (nil when none) and go to the photo step.
    public func continueTapped() {
        let digits = MicrochipNumberFormatter.extractDigits(chipNumber)
        flowState.chipNumber = digits.isEmpty ? nil : digits
        onNext?()
    }

    /// The X button: leave the flow.
    public func backTapped() {
        onBack?()
    }
}
