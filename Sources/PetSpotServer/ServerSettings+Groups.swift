import Configuration
import Foundation
import PetSpotDomain
import PetSpotS3
import PetSpotStore

extension ServerSetting {
    /// The connections' deadlines and share per client.
    static let connections: [ServerSetting] = [
        .init(
            flag: "idle-timeout", environment: "PETSPOT_IDLE_TIMEOUT", default: "60",
            help: "seconds a connection may wait for its next request (above 0, at most 3600)"
        ) { $0.timeouts.idle = try ServerConfiguration.timeout($1) },
        .init(
            flag: "header-timeout", environment: "PETSPOT_HEADER_TIMEOUT", default: "20",
            help: "seconds from a request's first byte to the end of its head (above 0, at most 3600)"
        ) { $0.timeouts.header = try ServerConfiguration.timeout($1) },
        .init(
            flag: "body-timeout", environment: "PETSPOT_BODY_TIMEOUT", default: "30",
            help: "the longest pause in seconds while a request body is read (above 0, at most 3600)"
        ) { $0.timeouts.body = try ServerConfiguration.timeout($1) },
        .init(
            flag: "body-deadline", environment: "PETSPOT_BODY_DEADLINE", default: "300",
            help: "seconds a whole request body may take (above 0, at most 3600)"
        ) { $0.timeouts.bodyTotal = try ServerConfiguration.timeout($1) },
        .init(
            flag: "client-connections", environment: "PETSPOT_CLIENT_CONNECTIONS", default: "64",
            help: "connections one client (an IPv4 address or an IPv6 /64) may hold open, 1 to 100000"
        ) {
            guard let count = Int($1), (1...100_000).contains(count) else { throw ConfigurationError.invalidConnections($1) }
            $0.connectionsPerClient = count
        },
    ]

    /// What one client or report may spend, moderation's thresholds, alerts and check-ins.
    static let limits: [ServerSetting] = [
        .init(
            flag: "contact-limit", environment: "PETSPOT_CONTACT_LIMIT", default: "1000",
            help: "public e-mail addresses and phone numbers one client is shown an hour, 1 to 1000000"
        ) {
            $0.contactLimit = try ServerConfiguration.contactLimit($1)
        },
        .init(
            flag: "report-limit", environment: "PETSPOT_REPORT_LIMIT", default: "60",
            help: "reports one client (an IPv4 address or an IPv6 /64) may file in 15 minutes, 1 to 1000000"
        ) {
            guard let limit = Int($1), (1...1_000_000).contains(limit) else { throw ConfigurationError.invalidReportLimit($1) }
            $0.reportLimit = limit
        },
        .init(
            flag: "flag-threshold", environment: "PETSPOT_FLAG_THRESHOLD", default: "3",
            help: "distinct networks (IPv4 /24, IPv6 /48) whose flags hold a report or sighting for review, 1 to 1000"
        ) {
            guard let count = Int($1), (1...1000).contains(count) else { throw ConfigurationError.invalidFlagThreshold($1) }
            $0.flagThreshold = count
        },
        .init(
            flag: "flag-hold-after-minutes", environment: "PETSPOT_FLAG_HOLD_AFTER_MINUTES", default: "60",
            help: "minutes a report must have been public before flags alone may hold it (younger: they wait for an operator), 0 to 10080"
        ) {
            guard let minutes = Int($1), (0...10_080).contains(minutes) else { throw ConfigurationError.invalidFlagHoldAfter($1) }
            $0.flagHoldAfterMinutes = minutes
        },
        .init(
            flag: "operator-alert-email", environment: "PETSPOT_OPERATOR_ALERT_EMAIL", default: "unset: no e-mail",
            help: "an address told (at most hourly) when an operator's name gets repeated wrong sign-ins"
        ) {
            guard ContactRules.isValidEmail($1) else { throw ConfigurationError.invalidOperatorAlertEmail($1) }
            $0.operatorAlertEmail = $1
        },
        .init(
            flag: "alert-daily-cap", environment: "PETSPOT_ALERT_DAILY_CAP", default: "10",
            help: "instant alert e-mails one subscription gets a day, 1 to 1000; the rest go into the day's digest"
        ) {
            $0.alertDailyCap = try ServerConfiguration.alertDailyCap($1)
        },
        .init(
            flag: "check-in-days", environment: "PETSPOT_CHECK_IN_DAYS", default: "7,14",
            help: "days after a report before its reporter is asked \"still missing?\", then days between asks (each 1 to 365)"
        ) {
            $0.checkInDays = try ServerConfiguration.checkInDays($1)
        },
        .init(
            flag: "jobs", environment: "PETSPOT_JOBS", default: "on",
            help: "background work (e-mail, check-ins, search plans, sweeps): on, or paused for benchmarks and maintenance"
        ) {
            guard ["on", "paused"].contains($1) else { throw ConfigurationError.invalidJobs($1) }
            $0.jobsPaused = $1 == "paused"
        },
    ]

    /// Where photos are kept, the bucket's settings, and the test clock and demo data.
    static let photos: [ServerSetting] = [
        .init(
            flag: "photo-store", environment: "PETSPOT_PHOTO_STORE", default: "folder",
            help: "where photos are kept: folder (the data folder) or s3://bucket/prefix"
        ) {
            $0.photoStore.bucket = try PhotoStoreSettings.store($1)
        },
        .init(
            flag: "s3-endpoint", environment: "PETSPOT_S3_ENDPOINT", default: "https://s3.<region>.amazonaws.com",
            help: "the S3-compatible server of the photo bucket (MinIO, R2, Ceph, …)"
        ) {
            $0.photoStore.endpoint = try PhotoStoreSettings.endpoint($1)
        },
        .init(flag: "s3-region", environment: "PETSPOT_S3_REGION", default: S3Location.defaultRegion, help: "the photo bucket's region") {
            $0.photoStore.region = try PhotoStoreSettings.region($1)
        },
        .init(
            flag: "s3-path-style", environment: "PETSPOT_S3_PATH_STYLE", default: "false",
            help: "address the bucket as <endpoint>/<bucket> (MinIO, Ceph) instead of <bucket>.<endpoint>"
        ) {
            $0.photoStore.pathStyle = try PhotoStoreSettings.flag($1, name: "PETSPOT_S3_PATH_STYLE")
        },
        .init(flag: nil, environment: "AWS_ACCESS_KEY_ID", default: "unset", help: "the photo bucket's access key") {
            $0.photoStore.accessKeyID = $1
        },
        .init(flag: nil, environment: "AWS_SECRET_ACCESS_KEY", default: "unset", help: "the photo bucket's secret key") {
            $0.photoStore.secretAccessKey = $1
        },
        .init(flag: nil, environment: "AWS_SESSION_TOKEN", default: "unset", help: "a session token for temporary keys") {
            $0.photoStore.sessionToken = $1
        },
        .init(
            flag: "photo-redirect-seconds", environment: "PETSPOT_PHOTO_REDIRECT_SECONDS", default: "0",
            help: "with a bucket, answer photos with a redirect to a presigned URL good this long (0: serve them through PetSpot)"
        ) {
            $0.photoStore.redirectSeconds = try PhotoStoreSettings.redirect($1)
        },
        .init(
            flag: "looks-dir", environment: "PETSPOT_LOOKS_DIR", default: "<data-dir>/model",
            help: "the look-alikes model's folder, as `petspot model install` writes it; without a model look-alikes are off"
        ) { $0.looksDirectory = URL(fileURLWithPath: $1) },
        .init(
            flag: "onnxruntime-library", environment: "PETSPOT_ONNXRUNTIME_LIBRARY",
            default: "<looks-dir>/python/onnxruntime/capi/libonnxruntime.so.1.32.0",
            help: "ONNX Runtime's C library, which runs the look-alikes model"
        ) { $0.looksRuntime = URL(fileURLWithPath: $1) },
        .init(
            flag: nil, environment: "PETSPOT_TEST_CLOCK_DAYS", default: "0",
            help: "tests only: days the server's clock runs ahead (walks a report through its search plan's days)"
        ) {
            guard let days = Int($1), (0...3650).contains(days) else { throw ConfigurationError.invalidClockDays($1) }
            $0.clockDays = days
        },
        .init(
            flag: nil, environment: "PETSPOT_TEST_OUTBOX_LEASE_SECONDS", default: "120",
            help: "tests only: seconds an e-mail claimed by a process that died waits before another sends it"
        ) {
            guard let seconds = Int($1), (1...3600).contains(seconds) else { throw ConfigurationError.invalidOutboxLease($1) }
            $0.outboxLease = TimeInterval(seconds)
        },
        .init(flag: "demo", environment: nil, default: "false", help: "load demo reports into an empty database (--demo alone: true)", keepsEmpty: true) {
            guard ["", "true", "false"].contains($1) else {
                throw ConfigurationError.invalidSetting("--demo", mustBe: "true or false (--demo alone is true), got '\($1)'")
            }
            $0.loadDemoData = $1 != "false"
        },
    ]
}
