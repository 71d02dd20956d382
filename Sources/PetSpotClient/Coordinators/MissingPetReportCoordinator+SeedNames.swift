extension MissingPetReportCoordinator {
    /// Seed 002's call from the contact step: the summary, with the password the flow state already holds.
    public func navigateToSummary() {
        navigateToSummary(managementPassword: flowState.managementPassword ?? "")
    }
}
