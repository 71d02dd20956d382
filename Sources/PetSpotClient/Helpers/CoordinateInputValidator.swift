import Foundation

/// What is wrong with a typed coordinate.
public enum CoordinateFieldError: Error, Sendable, Equatable {
    case missing
    case invalidFormat
    case outOfRange
}

/// The outcome of checking the latitude and longitude fields together.
public enum CoordinateValidationResult: Sendable, Equatable {
    case valid(Coordinate)
    case invalid(latitude: CoordinateFieldError?, longitude: CoordinateFieldError?)
}

/// Checks the two free-text coordinate fields: both required, decimal point numbers, latitude −90…90 and
/// longitude −180…180 inclusive. Surrounding whitespace is ignored both when checking and when storing.
public enum CoordinateInputValidator {
    public static func validate(latitude: String, longitude: String) -> CoordinateValidationResult {
        let lat = parse(latitude, isInRange: Coordinate.isValidLatitude)
        let lng = parse(longitude, isInRange: Coordinate.isValidLongitude)
        switch (lat, lng) {
        case (.success(let la), .success(let lo)): return .valid(Coordinate(latitude: la, longitude: lo))
        default: return .invalid(latitude: lat.failure, longitude: lng.failure)
        }
    }

    /// The number in `text` if it is a finite decimal in range.
    static func parse(_ text: String, isInRange: (Double) -> Bool) -> Result<Double, CoordinateFieldError> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return .failure(.missing) }
        guard trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.".contains($0)) }),
            let value = Double(trimmed), value.isFinite
        else { return .failure(.invalidFormat) }
        return isInRange(value) ? .success(value) : .failure(.outOfRange)
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
