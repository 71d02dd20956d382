/// The operator console's routes, apart from the public site's `WebRoute`: every page and
/// form action under `/admin`, registered by its `pattern`, linked by its `path`.
public enum ConsoleRoute: Sendable, Equatable {
    case signIn
    case signOut
    /// The first sign-in: the authenticator's QR code, then a code from it.
    case enrol
    case queue
    case item(kind: String = "", id: String = "")
    case blocks
    case liftBlock(id: String = "")
    case audit(before: Int64? = nil)
    case auditCSV
    case lookUp(query: String = "")
    /// A report's or sighting's photo, whatever its moderation: what the operator judges by.
    case photo(name: String = "")

    public static var registered: [ConsoleRoute] {
        [.signIn, .signOut, .enrol, .queue, .item(), .blocks, .liftBlock(), .audit(), .auditCSV, .lookUp(), .photo()]
    }

    public var pattern: String {
        switch self {
        case .signIn: "/admin/sign-in"
        case .signOut: "/admin/sign-out"
        case .enrol: "/admin/enrol"
        case .queue: "/admin"
        case .item: "/admin/items/:kind/:id"
        case .blocks: "/admin/blocks"
        case .liftBlock: "/admin/blocks/:id/lift"
        case .audit: "/admin/audit"
        case .auditCSV: "/admin/audit.csv"
        case .lookUp: "/admin/look-up"
        case .photo: "/admin/photos/:name"
        }
    }

    public var path: String {
        switch self {
        case .item(let kind, let id):
            return pattern.replacingOccurrences(of: ":kind", with: WebRoute.segment(kind)).replacingOccurrences(of: ":id", with: WebRoute.segment(id))
        case .liftBlock(let id): return pattern.replacingOccurrences(of: ":id", with: WebRoute.segment(id))
        case .photo(let name): return pattern.replacingOccurrences(of: ":name", with: WebRoute.segment(name))
        case .audit(let before): return WebRoute.withQuery(pattern, [("before", before.map(String.init))])
        case .lookUp(let query): return WebRoute.withQuery(pattern, [("q", query.isEmpty ? nil : query)])
        case .signIn, .signOut, .enrol, .queue, .blocks, .auditCSV: return pattern
        }
    }
}
