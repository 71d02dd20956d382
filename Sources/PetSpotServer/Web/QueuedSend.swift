import Foundation
import Hummingbird
import PetSpotDomain
import PetSpotWeb

/// What the phone's queue (`queue.js`) sends and is told, the same for a report, a sighting and a message:
/// the idempotency key it gave the form, the problems it shows, and where to see what arrived.
enum QueuedSend {
    /// The key a queued sighting or message came with (at most 255 characters kept; an id is made from it).
    static func key(_ form: [String: String]) -> String? {
        form["idempotencyKey"].flatMap { $0.isEmpty ? nil : String($0.prefix(255)) }
    }

    /// The problems the queue shows, each with its field and its message in the visitor's language.
    struct Problems: OrderedJSON {
        let errors: [FieldError]
        let strings: Strings
        func write(into buffer: inout ByteBuffer) {
            buffer.writeStaticString("{\"errors\":[")
            for (index, error) in errors.enumerated() {
                if index > 0 { buffer.writeStaticString(",") }
                Self.object([("field", Self.text(error.field)), ("message", Self.text(strings.text(error.messageKey)))], into: &buffer)
            }
            buffer.writeStaticString("]}")
        }
    }

    /// A sighting or message that arrived: its id when it has a public one, and the report's page.
    struct Sent: OrderedJSON {
        var id: String?
        let details: String
        func write(into buffer: inout ByteBuffer) {
            Self.object((id.map { [("id", Self.text($0))] } ?? []) + [("details", Self.text(details))], into: &buffer)
        }
    }
}
