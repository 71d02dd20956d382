import Foundation

/// A report that may be the same pet as another one, of the opposite kind (missing ↔ found).
public struct AnnouncementMatch: Sendable, Equatable {
    public enum Reason: String, Sendable {
        /// The same microchip number: a certain match.
        case microchip = "MICROCHIP"
        /// The same species, a compatible sex, near in place and time.
        case similar = "SIMILAR"
    }

    public var candidate: Announcement
    public var reason: Reason
    /// 1 for a chip match; below 1 for a look-alike, higher when nearer in place and time.
    public var score: Double
    public var distanceKm: Double
    /// The cosine between the two reports' photo looks, when both have been made (look-alikes on).
    public var likeness: Double?

    public init(candidate: Announcement, reason: Reason, score: Double, distanceKm: Double, likeness: Double? = nil) {
        self.candidate = candidate
        self.reason = reason
        self.score = score
        self.distanceKm = distanceKm
        self.likeness = likeness
    }
}

/// Compares a missing report with found ones (or a found one with missing ones). The same microchip
/// number always matches and ranks first. Otherwise a match needs the same species, a compatible sex
/// (unknown goes with either), at most `radiusKm` apart, and the pet found on the day it went missing
/// or at most `maximumDays` later. Such a match ranks by closeness in place and time and by the agreement of
/// the two descriptions, and, when both photos' looks are made, by how alike the photos are (`score`).
public enum AnnouncementMatcher {
    public static let radiusKm = 20.0
    public static let maximumDays = 60

    /// The matches of `report` among `candidates`, best first (score, then distance, then id); `likeness` is the
    /// cosine between the report's photo look and a candidate's, when both are made.
    public static func matches(
        for report: Announcement, among candidates: [Announcement], likeness: (Announcement) -> Double? = { _ in nil }
    ) -> [AnnouncementMatch] {
        candidates.compactMap { match(report, $0, likeness: likeness($0)) }.sorted {
            ($0.score, -$0.distanceKm, $1.candidate.id.rawValue) > ($1.score, -$1.distanceKm, $0.candidate.id.rawValue)
        }
    }

    /// The match of `report` and `candidate`, if they are one.
    public static func match(_ report: Announcement, _ candidate: Announcement, likeness: Double? = nil) -> AnnouncementMatch? {
        guard report.id != candidate.id, let (missing, found) = pair(report, candidate) else { return nil }
        // Between the public areas: a match's distance is shown to strangers (to a tenth of a km in the
        // e-mail, to metres in the answer), and from the exact points three found reports would place a
        // missing pet's point to within metres.
        let distance = PublicArea.distanceKm(from: PublicArea(around: report.location).center, toReportAt: candidate.location)
        if let chip = report.microchipNumber, chip == candidate.microchipNumber {
            return AnnouncementMatch(candidate: candidate, reason: .microchip, score: 1, distanceKm: distance, likeness: likeness)
        }
        guard sameSpecies(missing.species, found.species),
            compatible(AnimalSex(apiValue: missing.sex), AnimalSex(apiValue: found.sex)),
            distance <= radiusKm,
            let lost = ReportDate(missing.lastSeenDate), let seen = ReportDate(found.lastSeenDate)
        else { return nil }
        let days = lost.days(until: seen)
        guard (0...maximumDays).contains(days) else { return nil }
        let closeness = 1 - distance / radiusKm, recency = 1 - Double(days) / Double(maximumDays)
        let words = agreement(missing, found)
        // A look-alike stays below a chip match, whatever its closeness; the owner's and the finder's words
        // agreeing ("ginger" and "rudy", a white chest, a red collar) lift it, and so do photos that look alike:
        // with both looks made, the photos weigh most, so a very alike photo ranks first on its own.
        let score =
            likeness.map { 0.95 * (0.3 * closeness + 0.2 * recency + 0.15 * words + 0.35 * photoAgreement($0)) }
            ?? 0.95 * (0.45 * closeness + 0.3 * recency + 0.25 * words)
        return AnnouncementMatch(candidate: candidate, reason: .similar, score: score, distanceKm: distance, likeness: likeness)
    }

    /// How far two photos agree, 0…1, from the cosine of their looks: 0 at 0.25 and below (different animals and
    /// things score under 0.3), 1 from "looks very alike" (`Likeness.veryAlikeFrom`) up.
    public static func photoAgreement(_ cosine: Double) -> Double {
        min(1, max(0, (cosine - 0.25) / (Likeness.veryAlikeFrom - 0.25)))
    }

    /// How far two reports' descriptions agree, 0…1: the share of the shorter one's words (breed and
    /// description as search reads them, each colour or coat word as the word both languages share, small
    /// words and the species left out) that the other has too.
    public static func agreement(_ a: Announcement, _ b: Announcement) -> Double {
        func words(_ report: Announcement) -> Set<String> {
            Set(
                SearchWords.terms([report.breed, report.description].compactMap { $0 }.joined(separator: " ")).compactMap(\.last).filter {
                    $0.count > 1 && !SearchText.stopWords.contains($0) && !$0.hasPrefix("species")
                })
        }
        let (x, y) = (words(a), words(b))
        guard !x.isEmpty, !y.isEmpty else { return 0 }
        return Double(x.intersection(y).count) / Double(min(x.count, y.count))
    }

    /// The missing and the found report of the two, when one of each and both open.
    static func pair(_ a: Announcement, _ b: Announcement) -> (missing: Announcement, found: Announcement)? {
        switch (a.status, b.status) {
        case (.missing, .found): return (a, b)
        case (.found, .missing): return (b, a)
        default: return nil
        }
    }

    static func sameSpecies(_ a: String, _ b: String) -> Bool {
        a.trimmingCharacters(in: .whitespaces).compare(
            b.trimmingCharacters(in: .whitespaces),
            options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame
    }

    static func compatible(_ a: AnimalSex, _ b: AnimalSex) -> Bool {
        a == .unknown || b == .unknown || a == b
    }

    /// The window of `lastSeenDate`s a candidate for `report` can have, as `YYYY-MM-DD` text (inclusive).
    public static func candidateDates(for report: Announcement) -> ClosedRange<String>? {
        guard let day = ReportDate(report.lastSeenDate) else { return nil }
        let other = ReportDate.adding(report.status == .found ? -maximumDays : maximumDays, to: day)
        return min(day, other).text...max(day, other).text
    }
}
