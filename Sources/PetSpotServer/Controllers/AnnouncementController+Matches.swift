import Foundation
import Hummingbird
import PetSpotAPI
import PetSpotDomain

extension AnnouncementController {
    /// The owner's ranked match candidates, with `Basic id:managementPassword`.
    @Sendable func matches(_ request: Request, context: PetSpotRequestContext) async throws -> Response {
        let id = try id(context)
        let credentials = try BasicCredentials(header: request.headers[.authorization])
        try await service.authorize(id, password: credentials.password, client: context.clientAddress)
        let matches = Array(try await service.matches(for: try await service.find(id)).prefix(Self.maximumMatches))
        // Candidates are strangers' reports: their public areas, their contacts counted like any read.
        let withheld = !(await contactQuota.allows(matches.map(\.candidate), client: context.clientAddress))
        let shown = matches.map { match in
            var match = match
            match.candidate = (withheld ? match.candidate.withContactWithheld : match.candidate).inPublicArea
            return match
        }
        let labels = await places.labels(for: shown.map(\.candidate))
        var response = JSONResponse.make(AnnouncementMatchListDTO(data: zip(shown, labels).map(AnnouncementMatchDTO.init)))
        if withheld { response.headers[Self.withheldField] = String(matches.filter(\.candidate.hasPublicContact).count) }
        return response
    }
}
