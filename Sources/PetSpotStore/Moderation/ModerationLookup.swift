import PetSpotDomain

/// What an operator typed to find a report, read every way it may be meant: an id or a short link (the
/// last path segment of a link), an e-mail address, a phone number or a chip number (digits only).
struct ModerationLookup {
    var raw: String
    var id: String
    var email: String
    var digits: String

    init(_ text: String) {
        raw = text.trimmingCharacters(in: .whitespacesAndNewlines)
        id = FlagForm.reportReference(raw).lowercased()
        email = raw.lowercased()
        let kept = raw.filter { $0.isASCII && ($0.isNumber || $0 == "+") }
        digits = kept.count >= 6 ? String(kept) : ""
    }

    var isEmpty: Bool { raw.isEmpty }

    /// True when `report` answers the look-up (the in-memory twin's reading of the SQL condition).
    func matches(_ report: Announcement) -> Bool {
        let id = report.id.rawValue
        if id == self.id || (self.id.count >= 8 && id.hasPrefix(self.id)) { return true }
        if report.email?.lowercased() == email { return true }
        if let phone = report.phone, phone == raw || (!digits.isEmpty && phone.filter { $0 != " " && $0 != "-" } == digits) { return true }
        return !digits.isEmpty && report.microchipNumber == digits
    }
}
