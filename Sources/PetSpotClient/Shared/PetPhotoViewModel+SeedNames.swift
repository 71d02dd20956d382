extension PetPhotoViewModel {
    /// The reference app's name for a picked photo.
    public func handlePhotoSelection(_ selection: PhotoSelection) async { await photoPicked(selection) }
    /// The reference app's name for a cancelled picker.
    public func handlePickerCancellation() { pickerCancelled() }
    /// The reference app's name for the remove button.
    public func removeAttachment() async { await removePhotoTapped() }
    /// Seed 001's name for Continue.
    public func handleNext() { continueTapped() }
    /// Seed 001's name for Back.
    public func handleBack() async { await backTapped() }
}
