extension MissingPetSummaryViewModel {
    /// Seed 002's name for Close ("handleSubmit() already wired to the coordinator").
    public func handleSubmit() { closeTapped() }
    /// The reference app's name for Close.
    public func handleClose() { closeTapped() }
    /// Seed 002's Back: calls `onBack`.
    public func handleBack() { onBack?() }
    /// Seed 002's name for what Close calls (`onClose`).
    public var onSubmit: (() -> Void)? {
        get { onClose }
        set { onClose = newValue }
    }

    /// Seed 002's summary texts: each value, or "not provided".
    public var chipNumberText: String { flowStateValue(\.formattedChipNumber) }
    public var descriptionText: String { flowStateValue(\.description) }
    public var contactEmailText: String { flowStateValue(\.contactEmail) }
    public var contactPhoneText: String { flowStateValue(\.contactPhone) }

    private func flowStateValue(_ value: KeyPath<MissingPetReportFlowState, String?>) -> String {
        flowState[keyPath: value] ?? strings[.detailsNotProvided]
    }
}
