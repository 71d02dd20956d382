/// Reports ranked by how alike their photos look to a photo's look: the one rule search by photo and its
/// benchmark share.
public enum LookAlikeRanking {
    /// The reports of `reports` that have a look in `looks`, most alike to `look` first (ties in the given
    /// order), at most `limit`, each with its cosine.
    public static func rank(
        _ look: PhotoLook, reports: [Announcement], looks: [AnnouncementID: PhotoLook], limit: Int
    ) -> [(report: Announcement, likeness: Double)] {
        let scored = reports.enumerated().compactMap { index, report in
            looks[report.id].map { (index: index, report: report, likeness: look.likeness(to: $0)) }
        }
        return scored.sorted { ($0.likeness, $1.index) > ($1.likeness, $0.index) }.prefix(limit).map { ($0.report, $0.likeness) }
    }
}
