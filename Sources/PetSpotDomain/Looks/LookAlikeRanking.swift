/// Reports ranked by how alike their photos look to a photo's look: the one rule search by photo and its
/// benchmark share.
public enum LookAlikeRanking {
    /// The reports of `candidates` most alike to `look` first (ties in the given order), at most `limit`,
    /// each with its cosine.
    public static func rank(
        _ look: PhotoLook, candidates: [(id: AnnouncementID, look: PhotoLook)], limit: Int
    ) -> [(id: AnnouncementID, likeness: Double)] {
        let scored = candidates.enumerated().map { index, candidate in (index: index, id: candidate.id, likeness: look.likeness(to: candidate.look)) }
        return scored.sorted { ($0.likeness, $1.index) > ($1.likeness, $0.index) }.prefix(limit).map { ($0.id, $0.likeness) }
    }
}
