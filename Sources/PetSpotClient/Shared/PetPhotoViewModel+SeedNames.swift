extension PetPhotoViewModel {
    /// The step of the flow `flowState` belongs to (its status tells which).
    public convenience init(
        flowState: any PetReportFlowStateProtocol, toastScheduler: ToastScheduler = ToastScheduler(),
        strings: LocalizedStrings = LocalizedStrings()
    ) {
        self.init(flowState: flowState, variant: flowState.status == .found ? .found : .missing, toastScheduler: toastScheduler, strings: strings)
    }

    /// The reference app's name for a picked photo.
    public func handlePhotoSelection(_ selection: PhotoSelection) async { await photoPicked(selection) }
    /// The reference app's name for a cancelled picker.
    public func handlePickerCancellation() { pickerCancelled() }
    /// The reference app's name for the remove button.
    public func removeAttachment() async { await removePhotoTapped() }
    /// Seed 001's name for Continue.
    public func handleNext() { continueTapped() }
    /// Seed 002's name for the Browse button: asks for the picker.
    public func handleSelectPhoto() { onSelectPhoto?() }
    /// Seed 002's name for the photo shown: the attached one.
    public var selectedPhoto: PhotoAttachmentMetadata? { attachedPhoto }
    /// Seed 001's name for Back.
    public func handleBack() { backTapped() }
}
