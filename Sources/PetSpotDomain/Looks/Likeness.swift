/// How alike two pets' photos are, in words a person reads, from the cosine between their looks. The bands
/// come from the measurements in docs/LOOK-ALIKES.md: the same pet photographed again (re-cropped, mirrored,
/// lit and turned) scored 0.94, two tabby cats 0.54, a German shepherd and a husky 0.42, different animals
/// and things mostly under 0.3.
public enum Likeness: String, Sendable, CaseIterable {
    case veryAlike = "VERY_ALIKE"
    case similar = "SIMILAR"
    case somewhat = "SOMEWHAT"

    /// The lowest cosine of each band.
    public static let veryAlikeFrom = 0.8
    public static let similarFrom = 0.45
    /// From here two reports' photos are taken for one photo used twice (a copy re-cropped, relit or
    /// recompressed scored 0.91 at the median; two different animals never above 0.62): a note for operators,
    /// since scammers reuse photos.
    public static let samePhotoFrom = 0.9

    public init(cosine: Double) {
        self = cosine >= Self.veryAlikeFrom ? .veryAlike : cosine >= Self.similarFrom ? .similar : .somewhat
    }
}

extension Likeness {
    /// The band in words, in English or Polish (`pl`).
    public func words(language: String) -> String {
        let polish = language == "pl"
        switch self {
        case .veryAlike: return polish ? "Bardzo podobne" : "Looks very alike"
        case .similar: return polish ? "Podobny kolor i typ" : "Similar colour and type"
        case .somewhat: return polish ? "Trochę podobne" : "Somewhat alike"
        }
    }
}
