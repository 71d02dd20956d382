/// Where the flow's photo attachment stands.
public enum PhotoAttachmentStatus: Sendable, Equatable {
    case empty
    case loading(progress: Double?)
    /// A photo is saved and attached (its metadata is in the flow state).
    case ready
    case error(message: String)

    public var hasAttachment: Bool { self == .ready }
}
