import Foundation

/// An area the owner has searched, with the day: shown to helpers on the report page so
/// they look elsewhere.
public struct SearchedArea: Sendable, Equatable, Identifiable {
    public var id: String
    public var center: Coordinate
    public var radiusMeters: Int
    /// The day it was searched, `yyyy-MM-dd`.
    public var searchedOn: String

    public init(id: String = UUID().uuidString.lowercased(), center: Coordinate, radiusMeters: Int, searchedOn: String) {
        self.id = id
        self.center = center
        self.radiusMeters = radiusMeters
        self.searchedOn = searchedOn
    }

    /// The radii the owner chooses from, in metres.
    public static let radii = [50, 100, 250, 500, 1000, 2000]
    /// At most this many areas a report (the page lists them all).
    public static let limit = 50
}

/// The owner's plan as it stands: the last days-gone band whose alerts and plan e-mail
/// were sent, whether the owner stopped the plan e-mails, and the steps ticked done with the day.
public struct SearchPlanState: Sendable, Equatable {
    public var band: LikelyArea.Band?
    public var mailOff: Bool
    public var done: [SearchPlanStep: String]

    public init(band: LikelyArea.Band? = nil, mailOff: Bool = false, done: [SearchPlanStep: String] = [:]) {
        self.band = band
        self.mailOff = mailOff
        self.done = done
    }

    /// The ticks as stored: `STEP=yyyy-MM-dd` joined by commas.
    public var doneText: String {
        done.map { "\($0.key.rawValue)=\($0.value)" }.sorted().joined(separator: ",")
    }

    public static func done(_ text: String?) -> [SearchPlanStep: String] {
        var done: [SearchPlanStep: String] = [:]
        for part in (text ?? "").split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, let step = SearchPlanStep(rawValue: pair[0]), ReportDate(pair[1]) != nil else { continue }
            done[step] = pair[1]
        }
        return done
    }

    /// True when `step` was ticked since the band of `today` began: a step the plan brings back in a
    /// later band is to do again.
    public func isDone(_ step: SearchPlanStep, lastSeen: String, today: ReportDate) -> Bool {
        guard let ticked = done[step].flatMap(ReportDate.init), let seen = ReportDate(lastSeen) else { return false }
        let band = LikelyArea.Band(daysGone: max(0, seen.days(until: today)))
        return ticked >= ReportDate.adding(band.firstDay, to: seen)
    }
}

/// An open missing report whose likely area has grown into a band its plan has not had yet.
public struct SearchPlanDue: Sendable {
    public var report: Announcement
    public var answers: SearchAnswers
    public var state: SearchPlanState

    public init(report: Announcement, answers: SearchAnswers, state: SearchPlanState) {
        self.report = report
        self.answers = answers
        self.state = state
    }
}

extension LikelyArea.Band {
    /// The first day gone of the band.
    public var firstDay: Int {
        switch self {
        case .firstDay: 0
        case .days2to3: 2
        case .days4to7: 4
        case .days8to14: 8
        case .days15to30: 15
        case .later: 31
        }
    }

    /// How far back a report's last-seen day may be for the plan to follow it still: a few days past
    /// the last band's start, so that a report that enters it is seen once.
    public static let followedDays = 40

    /// The band of a report last seen on `lastSeen` (`yyyy-MM-dd`), by the last-seen days at which each
    /// band after the first begins: what the stores' SQL compares as text.
    public static func starts(today: ReportDate) -> [String] {
        allCases.dropFirst().map { ReportDate.adding(-$0.firstDay, to: today).text }
    }
}

/// A shelter or vet from the operator's directory, loaded with `petspot directory import`.
public struct DirectoryPlace: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case shelter = "SHELTER", vet = "VET"
    }

    public var kind: Kind
    public var name: String
    public var address: String
    public var phone: String?
    public var hours: String?
    public var location: Coordinate

    public init(kind: Kind, name: String, address: String, phone: String?, hours: String?, location: Coordinate) {
        self.kind = kind
        self.name = name
        self.address = address
        self.phone = phone
        self.hours = hours
        self.location = location
    }
}
