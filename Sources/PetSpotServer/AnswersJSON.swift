import Hummingbird
import PetSpotAPI

// The API answers other than the report's own (`AnnouncementListJSON`), each written with its keys in the
// contract's order (`OrderedJSON`).
extension AnnouncementMatchListDTO: OrderedJSON {
    func write(into buffer: inout ByteBuffer) {
        buffer.writeStaticString("{\"data\":[")
        for (index, match) in data.enumerated() {
            if index > 0 { buffer.writeStaticString(",") }
            Self.object(
                [
                    ("announcement", { AnnouncementListJSON.write(match.announcement, into: &$0) }),
                    ("reason", Self.text(match.reason)), ("score", Self.number(match.score)),
                    ("distanceKm", Self.number(match.distanceKm)), ("likeness", match.likeness.map(Self.text)),
                ], into: &buffer)
        }
        buffer.writeStaticString("]}")
    }
}

extension HealthDTO: OrderedJSON {
    func write(into buffer: inout ByteBuffer) {
        let details = self.details.map { details in
            { (buffer: inout ByteBuffer) in
                Self.object([("lookAlikes", { Self.feature(details.lookAlikes, into: &$0) })], into: &buffer)
            }
        }
        Self.object([("status", Self.text(status)), ("timestamp", Self.text(timestamp)), ("details", details)], into: &buffer)
    }

    private static func feature(_ feature: ReadyDetailsDTO.Feature, into buffer: inout ByteBuffer) {
        object(
            [("enabled", { _ = $0.writeString(feature.enabled ? "true" : "false") }), ("message", text(feature.message))],
            into: &buffer)
    }
}

extension UserTokenDTO: OrderedJSON {
    func write(into buffer: inout ByteBuffer) {
        Self.object([("userId", Self.text(userId)), ("accessToken", Self.text(accessToken))], into: &buffer)
    }
}

/// `{"error":{"requestId","code","message"[,"field"]}}`.
extension APIErrorEnvelope: OrderedJSON {
    func write(into buffer: inout ByteBuffer) {
        Self.object(
            [
                (
                    "error",
                    { buffer in
                        Self.object(
                            [
                                ("requestId", Self.text(error.requestId)), ("code", Self.text(error.code)),
                                ("message", Self.text(error.message)), ("field", error.field.map(Self.text)),
                            ], into: &buffer)
                    }
                )
            ], into: &buffer)
    }
}

/// `{}`.
struct EmptyJSONObject: OrderedJSON {
    func write(into buffer: inout ByteBuffer) { buffer.writeStaticString("{}") }
}

extension PlaceListDTO: OrderedJSON {
    func write(into buffer: inout ByteBuffer) {
        buffer.writeStaticString("{\"data\":[")
        for (index, place) in data.enumerated() {
            if index > 0 { buffer.writeStaticString(",") }
            place.write(into: &buffer)
        }
        buffer.writeStaticString("],\"attribution\":")
        JSONText.string(attribution, &buffer)
        buffer.writeStaticString("}")
    }
}

extension PlaceDTO: OrderedJSON {
    func write(into buffer: inout ByteBuffer) {
        Self.object(
            [
                ("name", Self.text(name)), ("countryCode", Self.text(countryCode)),
                ("population", { $0.writeString(String(population)) }), ("latitude", Self.number(latitude)),
                ("longitude", Self.number(longitude)), ("distanceKm", distanceKm.map(Self.number)),
            ], into: &buffer)
    }
}

extension ReversePlaceDTO: OrderedJSON {
    func write(into buffer: inout ByteBuffer) {
        Self.object(
            [
                ("name", Self.text(name)), ("countryCode", Self.text(countryCode)), ("distanceKm", Self.number(distanceKm)),
                ("place", { place.write(into: &$0) }), ("attribution", Self.text(attribution)),
            ], into: &buffer)
    }
}
