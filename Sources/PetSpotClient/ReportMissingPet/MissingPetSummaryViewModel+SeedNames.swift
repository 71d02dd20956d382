extension MissingPetSummaryViewModel {
    /// Seed 002's name for Close ("handleSubmit() already wired to the coordinator").
    public func handleSubmit() async { await closeTapped() }
    /// The reference app's name for Close.
    public func handleClose() async { await closeTapped() }
}
