import PetSpotDomain
import PostgresNIO

/// Builds the list query for PostgreSQL without a nearby index: the filters, the exact distance and the
/// newest-first order with its cursor. `list` runs it when there is no nearby filter; with one, it is the
/// benchmarks' full-scan baseline (`fullScanList`), and `PostgresNearbyQuery` is what `list` runs.
enum PostgresListQuery {
    /// The contract's distance (spherical law of cosines, cosine clamped to [-1, 1]) from the point
    /// `$lat`, `$lng` to the row's public area (`PublicArea.distanceKm`), written term for
    /// term as `PublicArea` and `Coordinate.distanceKm` so both round alike.
    static func distanceKm(latitude lat: String, longitude lng: String) -> String {
        let φ1 = "(\(lat) * pi() / 180)", φ2 = "(\(snapped("a.location_latitude", limit: 90)) * pi() / 180)"
        let Δλ = "((\(snapped("a.location_longitude", limit: 180)) - \(lng)) * pi() / 180)"
        return "(\(Coordinate.earthRadiusKm)::float8 * acos(least(1, greatest(-1, cos(\(φ1)) * cos(\(φ2)) * cos(\(Δλ)) + sin(\(φ1)) * sin(\(φ2))))))"
    }

    /// `PublicArea`'s grid point of a column: rounded half away from zero, as Swift's `rounded()`.
    static func snapped(_ column: String, limit: Int) -> String {
        let cells = "(\(column) / \(PublicArea.gridDegrees)::float8)"
        return "greatest(-\(limit), least(\(limit), trunc(\(cells) + sign(\(cells)) * 0.5::float8) / \(1 / PublicArea.gridDegrees)::float8))"
    }

    static func build(_ query: AnnouncementQuery) -> PostgresQuery {
        var binds = PostgresBindings()
        var conditions = filters(query, binds: &binds)
        if let after = query.after {
            conditions.append("(a.created_at, a.id) < (\(bind(after.createdAt, &binds)), \(bind(after.id.rawValue, &binds)))")
        }
        var sql =
            "SELECT a.* FROM announcement a WHERE " + conditions.joined(separator: " AND ")
            + " ORDER BY a.created_at DESC, a.id DESC"
        if let limit = query.limit { sql += " LIMIT \(bind(limit, &binds))" }
        return PostgresQuery(unsafeSQL: sql, binds: binds)
    }

    /// Appends `value` to `binds` and returns its placeholder.
    static func bind(_ value: some PostgresDynamicTypeEncodable, _ binds: inout PostgresBindings) -> String {
        binds.append(value)
        return "$\(binds.count)"
    }

    /// The exact distance, moderation, status, photo, species, date and check-in conditions on `a` (the
    /// cursor aside: its order is the caller's).
    static func filters(_ query: AnnouncementQuery, binds: inout PostgresBindings) -> [String] {
        var conditions: [String] = []
        if let nearby = query.nearby {
            let distance = distanceKm(latitude: bind(nearby.center.latitude, &binds), longitude: bind(nearby.center.longitude, &binds))
            conditions.append("\(distance) < \(bind(nearby.radiusKm, &binds))")
        }
        if !query.includeModerated { conditions.append(ModerationSchema.listed) }
        conditions.append("a.status = ANY(\(bind(query.statuses.map(\.rawValue).sorted(), &binds)))")
        if query.withPhotoOnly { conditions.append("a.photo_url IS NOT NULL") }
        if let species = query.speciesCondition { conditions.append(species) }
        if let since = query.lastSeenSince { conditions.append("a.last_seen_date >= \(bind(since, &binds))") }
        if let since = query.confirmedSince {
            conditions.append(CheckInSchema.fresh.replacingOccurrences(of: "?", with: bind(since, &binds)))
        }
        return conditions
    }
}
