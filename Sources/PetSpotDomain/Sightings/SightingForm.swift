import Foundation

/// A sighting as typed, on the web or sent to the API, and its one set of rules.
public struct SightingForm: Sendable, Equatable {
    /// When: ISO-8601 with a zone (`2026-05-01T14:30:00Z`), or a form's local `2026-05-01T14:30`, read in
    /// `timeZone`. Empty: now.
    public var seenAt: String
    public var latitude: String
    public var longitude: String
    public var note: String
    /// Optional: to be told when the pet is found.
    public var email: String

    public static let noteLimit = 500
    /// Clocks differ: a time this far ahead is still taken as now.
    public static let allowedSkew: TimeInterval = 10 * 60
    /// The oldest sighting taken, in days.
    public static let oldestDays = 365

    public enum Problem: String, Sendable, Equatable {
        case seenAtInvalid = "sightingWhenInvalid"
        case seenAtFuture = "sightingWhenFuture"
        case seenAtTooOld = "sightingWhenOld"
        case locationMissing = "sightingWhereMissing"
        case locationInvalid = "sightingWhereInvalid"
        case noteTooLong = "sightingNoteLong"
        case emailInvalid = "errorEmail"
    }

    /// A problem and the field it belongs to (`seenAt`, `latitude`, `longitude`, `note`, `email`).
    public struct FieldProblem: Sendable, Equatable {
        public var field: String
        public var problem: Problem
        public init(field: String, problem: Problem) {
            self.field = field
            self.problem = problem
        }
    }

    public struct Valid: Sendable, Equatable {
        public var seenAt: Date
        public var location: Coordinate
        public var note: String?
        public var email: String?
    }

    public init(seenAt: String = "", latitude: String = "", longitude: String = "", note: String = "", email: String = "") {
        self.seenAt = seenAt
        self.latitude = latitude
        self.longitude = longitude
        self.note = note
        self.email = email
    }

    /// The sighting, or every problem with it.
    public func validate(now: Date, timeZone: TimeZone) -> Result<Valid, SightingProblems> {
        var problems: [FieldProblem] = []
        let trimmedWhen = seenAt.trimmingCharacters(in: .whitespaces)
        var when = now
        if !trimmedWhen.isEmpty {
            if let parsed = Self.date(trimmedWhen, timeZone: timeZone) {
                when = parsed
                if parsed > now.addingTimeInterval(Self.allowedSkew) {
                    problems.append(FieldProblem(field: "seenAt", problem: .seenAtFuture))
                } else if parsed < now.addingTimeInterval(-Double(Self.oldestDays) * 86_400) {
                    problems.append(FieldProblem(field: "seenAt", problem: .seenAtTooOld))
                }
                when = min(when, now)
            } else {
                problems.append(FieldProblem(field: "seenAt", problem: .seenAtInvalid))
            }
        }
        let lat = ReportForm.number(latitude), lng = ReportForm.number(longitude)
        var location: Coordinate?
        // The point's problem is told at the coordinate that has it (the web shows both at its place box).
        let latitudeMissing = latitude.trimmingCharacters(in: .whitespaces).isEmpty
        if latitudeMissing || longitude.trimmingCharacters(in: .whitespaces).isEmpty {
            problems.append(FieldProblem(field: latitudeMissing ? "latitude" : "longitude", problem: .locationMissing))
        } else if let lat, let lng, Coordinate(latitude: lat, longitude: lng).isValid {
            location = Coordinate(latitude: lat, longitude: lng)
        } else {
            problems.append(FieldProblem(field: lat.map(Coordinate.isValidLatitude) == true ? "longitude" : "latitude", problem: .locationInvalid))
        }
        if note.limitLength > Self.noteLimit { problems.append(FieldProblem(field: "note", problem: .noteTooLong)) }
        let trimmedNote = note.replacingControlCharacters(allowingLines: true).trimmingCharacters(in: .whitespacesAndNewlines)
        let email = email.trimmingCharacters(in: .whitespaces)
        if !email.isEmpty, !ContactRules.isValidEmail(email) { problems.append(FieldProblem(field: "email", problem: .emailInvalid)) }
        guard problems.isEmpty, let location else { return .failure(SightingProblems(problems: problems)) }
        return .success(Valid(seenAt: when, location: location, note: trimmedNote.isEmpty ? nil : trimmedNote, email: email.isEmpty ? nil : email))
    }

    /// An RFC 3339 date-time with its zone (`2025-11-20T18:30:00Z`, `…+01:00`, with or without a fraction),
    /// as the API's `seenAt` is written; nil for anything else.
    public static func instant(_ text: String) -> Date? {
        guard mayBeDate(text) else { return nil }
        let upper = text.uppercased()
        return (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(upper)) ?? (try? Date.ISO8601FormatStyle().parse(upper))
    }

    /// Only a short ASCII text can be a date; Foundation's parsers trap on some other scalars (a combining
    /// mark after the day), so nothing else reaches them.
    private static func mayBeDate(_ text: String) -> Bool {
        text.utf8.count <= 40 && text.unicodeScalars.allSatisfy(\.isASCII)
    }

    /// An instant (`instant(_:)`), or what a web form's date-time field sends: a local
    /// `YYYY-MM-DDTHH:MM[:SS]` in `timeZone`.
    static func date(_ text: String, timeZone: TimeZone) -> Date? {
        if let date = instant(text) { return date }
        guard mayBeDate(text) else { return nil }
        let local = text.replacingOccurrences(of: " ", with: "T")
        for format in ["yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = timeZone
            formatter.dateFormat = format
            formatter.isLenient = false
            if let date = formatter.date(from: local) { return date }
        }
        return nil
    }
}

/// Every problem of a sighting form.
public struct SightingProblems: Error, Sendable, Equatable {
    public var problems: [SightingForm.FieldProblem]

    public init(problems: [SightingForm.FieldProblem]) { self.problems = problems }
}
