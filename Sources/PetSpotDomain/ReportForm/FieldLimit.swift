/// The longest text each report field takes, each number declared once (the pet's own texts in
/// `PetText`). The forms (web and app, seed 004) offer the form lengths; the API accepts the contract's,
/// which is longer for the reward because the published apps' backend took longer rewards and the apps
/// still send them: a report may come in over the API with either, but no form lets a person type past
/// its own limit.
public enum FieldLimit {
    public static let collar = 100
    public static let place = 200
    public static let currentAddress = 500
    public static let privateTrait = 300
    /// The forms' reward.
    public static let reward = 120
    /// The contract's reward (the published apps' backend).
    public static let wireReward = 200
}
