/// The longest text each report field takes, each number declared once. The forms (web and app, seed
/// 004) offer the form lengths; the API accepts the contract's, which are longer for two fields because
/// the published apps' backend took longer rewards and descriptions and the apps still send them: a
/// report may come in over the API with either, but no form lets a person type past its own limit.
public enum FieldLimit {
    public static let petName = 100
    public static let breed = 100
    public static let collar = 100
    public static let place = 200
    public static let currentAddress = 500
    public static let privateTrait = 300
    /// The forms' reward and description.
    public static let reward = 120
    public static let description = 500
    /// The contract's reward and description (the published apps' backend).
    public static let wireReward = 200
    public static let wireDescription = 2000
}
