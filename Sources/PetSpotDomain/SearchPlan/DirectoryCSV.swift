import Foundation

/// The directory file an operator loads with `petspot directory import FILE.csv`: CSV
/// (RFC 4180: commas, fields in double quotes may hold commas, quotes doubled and line breaks), UTF-8,
/// a header row naming the columns in any order:
///
/// `kind,name,address,phone,hours,latitude,longitude`
///
/// `kind` is `shelter` or `vet`; `name`, `address`, `latitude` and `longitude` are required; `phone` and
/// `hours` may be empty. Every bad row is reported with its line; a file with any is not loaded.
public enum DirectoryCSV {
    public static let columns = ["kind", "name", "address", "phone", "hours", "latitude", "longitude"]
    public static let required: Set = ["kind", "name", "address", "latitude", "longitude"]
    public static let maximumRows = 20_000
    /// The file's largest size: 20,000 full rows take about 5 MB. Larger files are refused before they
    /// are read into memory.
    public static let maximumBytes = 10 * 1024 * 1024

    /// One problem, at a line of the file (1 is the header).
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// Every problem a file has.
    public struct Problems: Error, Equatable, Sendable {
        public let list: [Problem]
    }

    /// The places of `text`, or every problem found.
    public static func parse(_ text: String) -> Result<[DirectoryPlace], Problems> {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{FEFF}"))).isEmpty else {
            return .failure(
                Problems(list: [Problem(line: 1, message: "the file is empty; the first line names the columns: \(columns.joined(separator: ","))")]))
        }
        let records: [(line: Int, fields: [String])]
        switch split(text) {
        case .success(let found): records = found
        case .failure(let problem): return .failure(Problems(list: [problem]))
        }
        guard let header = records.first else { return .failure(Problems(list: [Problem(line: 1, message: "the file is empty")])) }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        var problems: [Problem] = []
        for name in names where !columns.contains(name) {
            problems.append(Problem(line: header.line, message: "unknown column \"\(name)\"; the columns are \(columns.joined(separator: ","))"))
        }
        for name in columns where required.contains(name) && !names.contains(name) {
            problems.append(Problem(line: header.line, message: "the column \"\(name)\" is missing"))
        }
        if Set(names).count != names.count { problems.append(Problem(line: header.line, message: "a column is named twice")) }
        guard problems.isEmpty else { return .failure(Problems(list: problems)) }
        let rows = records.dropFirst().filter { !isBlank($0.fields) }
        guard rows.count <= maximumRows else { return .failure(Problems(list: [Problem(line: header.line, message: "more than \(maximumRows) places")])) }
        var places: [DirectoryPlace] = []
        for row in rows {
            guard row.fields.count == names.count else {
                problems.append(Problem(line: row.line, message: "\(row.fields.count) fields where the header has \(names.count)"))
                continue
            }
            var values: [String: String] = [:]
            for (name, field) in zip(names, row.fields) {
                // A quoted field's line breaks (an address on two lines) read as ", ".
                let lines = field.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                values[name] = lines.map { $0.hasSuffix(",") ? String($0.dropLast()) : $0 }.joined(separator: ", ")
            }
            do {
                places.append(try place(values))
            } catch {
                problems.append(Problem(line: row.line, message: error.text))
            }
        }
        return problems.isEmpty ? .success(places) : .failure(Problems(list: problems))
    }

    struct Message: Error { let text: String }

    /// The place of one row's values (trimmed, by column); `Message` says what is wrong.
    static func place(_ values: [String: String]) throws(Message) -> DirectoryPlace {
        func text(_ name: String, limit: Int) throws(Message) -> String? {
            let value = values[name] ?? ""
            if value.isEmpty {
                if required.contains(name) { throw Message(text: "\(name) is empty") }
                return nil
            }
            guard value.limitLength <= limit else { throw Message(text: "\(name) is longer than \(limit) characters") }
            guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw Message(text: "\(name) holds a control character")
            }
            return value
        }
        func degrees(_ name: String, _ range: ClosedRange<Double>) throws(Message) -> Double {
            guard let number = Double(values[name] ?? ""), number.isFinite, range.contains(number) else {
                throw Message(text: "\(name) \"\(values[name] ?? "")\" is not a number from \(Int(range.lowerBound)) to \(Int(range.upperBound))")
            }
            return number
        }
        guard let kind = DirectoryPlace.Kind(rawValue: (values["kind"] ?? "").uppercased()) else {
            throw Message(text: "kind \"\(values["kind"] ?? "")\" is not shelter or vet")
        }
        let phone = try text("phone", limit: 40)
        if let phone, !phone.allSatisfy({ $0.isNumber || " +-().".contains($0) }) || phone.filter(\.isNumber).count < 3 {
            throw Message(text: "phone \"\(phone)\" is not a phone number")
        }
        let name = try text("name", limit: 200) ?? "", address = try text("address", limit: 300) ?? ""
        let hours = try text("hours", limit: 200)
        let location = Coordinate(latitude: try degrees("latitude", -90...90), longitude: try degrees("longitude", -180...180))
        return DirectoryPlace(kind: kind, name: name, address: address, phone: phone, hours: hours, location: location)
    }

    /// The file's records with the line each starts on.
    /// A line with nothing on it (skipped, and not counted toward the row cap).
    static func isBlank(_ fields: [String]) -> Bool {
        fields.count == 1 && fields[0].trimmingCharacters(in: .whitespaces).isEmpty
    }

    static func split(_ text: String) -> Result<[(line: Int, fields: [String])], Problem> {
        var records: [(line: Int, fields: [String])] = []
        var fields: [String] = [], field = "", quoted = false, wasQuoted = false
        var line = 1, recordLine = 1, nonBlank = 0
        var characters = text.hasPrefix("\u{FEFF}") ? Array(text.dropFirst()) : Array(text)
        if characters.last != "\n" { characters.append("\n") }
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if quoted {
                if character == "\"" {
                    if index + 1 < characters.count, characters[index + 1] == "\"" { field.append("\""); index += 1 } else { quoted = false }
                } else {
                    if character == "\n" || character == "\r\n" { line += 1 }
                    field.append(character)
                }
            } else {
                switch character {
                case "\"":
                    guard field.isEmpty, !wasQuoted else { return .failure(Problem(line: line, message: "a quote inside an unquoted field")) }
                    quoted = true
                    wasQuoted = true
                case ",":
                    fields.append(field)
                    field = ""
                    wasQuoted = false
                case "\n", "\r\n", "\r":
                    fields.append(field)
                    records.append((recordLine, fields))
                    // Stop reading at the row cap (the header and blank lines aside), not at the file's end.
                    if !isBlank(fields) { nonBlank += 1 }
                    if nonBlank > maximumRows + 1 { return .failure(Problem(line: 1, message: "more than \(maximumRows) places")) }
                    fields = []
                    field = ""
                    wasQuoted = false
                    line += 1
                    recordLine = line
                default:
                    guard !wasQuoted else { return .failure(Problem(line: line, message: "text after a closing quote")) }
                    field.append(character)
                }
            }
            index += 1
        }
        if quoted { return .failure(Problem(line: recordLine, message: "a quote is not closed")) }
        return .success(records)
    }
}
