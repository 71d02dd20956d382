/// What an owner does from the owner view, one route each (`POST /manage/{id}/{action}`), behind the
/// code or the grant the owner view hands out. Reuniting and removing are asked about first (`reunite`,
/// `delete`), then done (`reunite-confirmed`, `delete-confirmed`), so a stray click changes nothing.
public enum OwnerAction: String, Sendable, CaseIterable {
    case edit, save, reopen
    case reunite, reuniteConfirmed = "reunite-confirmed"
    case delete, deleteConfirmed = "delete-confirmed"
    case addEmail = "add-email", keepListed = "keep-listed"
    case searchAnswers = "search-answers", planDone = "plan-done", searchedAdd = "searched-add", searchedRemove = "searched-remove"
    case hideSighting = "hide-sighting", showSighting = "show-sighting"
}
