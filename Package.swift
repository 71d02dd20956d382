// swift-tools-version:6.2
import PackageDescription

/// The test targets are not optimised, in a release build either: CI builds once, in release, for the
/// suites, the browser tests and the hot-path guard alike, and optimising the tests only costs time.
let testSettings: [SwiftSetting] = [.unsafeFlags(["-Onone"], .when(configuration: .release))]

let package = Package(
    name: "PetSpot",
    // macOS 15 for swift-configuration (the server's settings); PetSpotClient, which does not use it, stays on iOS 17.
    platforms: [.macOS(.v15), .iOS(.v17)],
    products: [
        .library(name: "PetSpotClient", targets: ["PetSpotClient"]),
        .library(name: "PetSpotServer", targets: ["PetSpotServer"]),
        .executable(name: "petspot", targets: ["petspot"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/vapor/sqlite-nio.git", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0", traits: ["CommandLineArguments"]),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
    ],
    targets: [
        .target(name: "PetSpotDomain"),
        .target(name: "PetSpotAPI", dependencies: ["PetSpotDomain"]),
        // QR codes for the flyers: no QR library is among the packages we may use.
        .target(name: "PetSpotQR"),
        // The web app's links, shared by the pages and the use cases that put links in e-mails.
        .target(name: "PetSpotRoutes", dependencies: ["PetSpotDomain"]),
        // The embedded gazetteer: GeoNames' populated places (CC BY 4.0), derived by scripts/make-gazetteer.py.
        .target(
            name: "PetSpotPlaces",
            dependencies: [
                "PetSpotDomain",
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            resources: [.copy("Resources/places.tsv.gz")]
        ),
        // Look-alikes: a photo decoded by the system's image libraries and compared by ONNX Runtime, each opened at
        // run time (dlopen), so PetSpot builds and runs without them and look-alikes are simply off.
        .target(
            name: "CPetSpotLooks",
            cSettings: [.unsafeFlags(["-O2"])],
            linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("pthread")]
        ),
        .target(
            name: "PetSpotLooks",
            dependencies: ["CPetSpotLooks", "PetSpotDomain", .product(name: "Crypto", package: "swift-crypto")],
            resources: [.copy("Resources/look-alikes-model.py")]
        ),
        .target(
            name: "PetSpotStore",
            dependencies: [
                "PetSpotDomain",
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                // The pool's error that says its circuit breaker opened (an outage, or a pool still backing off).
                .product(name: "_ConnectionPoolModule", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // Photos in S3-compatible object storage (issue 30): no S3 package is among the packages we may use,
        // so the small part PetSpot needs is here, signed with SigV4, on async-http-client.
        .target(
            name: "PetSpotS3",
            dependencies: [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .target(
            name: "PetSpotWeb",
            dependencies: ["PetSpotDomain", "PetSpotRoutes"],
            resources: [.copy("Templates"), .copy("Static")]
        ),
        .target(
            name: "PetSpotServer",
            dependencies: [
                "PetSpotAPI", "PetSpotStore", "PetSpotRoutes", "PetSpotWeb", "PetSpotPlaces", "PetSpotQR", "PetSpotS3", "PetSpotLooks",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Configuration", package: "swift-configuration"),
            ],
            resources: [.copy("Resources/openapi.json")]
        ),
        .target(name: "PetSpotClient", dependencies: ["PetSpotAPI", "PetSpotDomain"]),
        .target(
            name: "PetSpotBench",
            dependencies: [
                "PetSpotDomain", "PetSpotStore", "PetSpotPlaces",
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .executableTarget(
            name: "petspot",
            dependencies: [
                "PetSpotServer", "PetSpotStore", "PetSpotBench", "PetSpotS3", "PetSpotLooks", "PetSpotDomain",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "PetSpotDomainTests", dependencies: ["PetSpotDomain", "PetSpotAPI", "PetSpotTestSupport"], swiftSettings: testSettings),
        .testTarget(name: "PetSpotPlacesTests", dependencies: ["PetSpotPlaces"], swiftSettings: testSettings),
        .testTarget(name: "PetSpotLooksTests", dependencies: ["PetSpotLooks", "PetSpotTestSupport"], swiftSettings: testSettings),
        .testTarget(name: "PetSpotQRTests", dependencies: ["PetSpotQR", "PetSpotLooks"], swiftSettings: testSettings),
        .testTarget(
            name: "PetSpotS3Tests",
            dependencies: ["PetSpotS3", "PetSpotTestSupport", .product(name: "AsyncHTTPClient", package: "async-http-client")],
            swiftSettings: testSettings
        ),
        // Scratch PostgreSQL databases (used when PETSPOT_TEST_DATABASE_URL is set) and a real SMTP server
        // on 127.0.0.1 with STARTTLS, for the test targets.
        .target(
            name: "PetSpotTestSupport",
            dependencies: [
                "PetSpotStore", "PetSpotS3", "PetSpotBench", "PetSpotLooks",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Tests/PetSpotTestSupport", swiftSettings: testSettings),
        .testTarget(
            name: "PetSpotStoreTests",
            dependencies: ["PetSpotStore", "PetSpotTestSupport", .product(name: "PostgresNIO", package: "postgres-nio")],
            swiftSettings: testSettings
        ),
        .testTarget(
            name: "PetSpotServerTests",
            dependencies: [
                "PetSpotServer", "PetSpotRoutes", "PetSpotTestSupport", "PetSpotLooks",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: testSettings
        ),
        .testTarget(
            name: "PetSpotWebTests",
            dependencies: [
                "PetSpotWeb", "PetSpotRoutes", "PetSpotServer", "PetSpotStore", "PetSpotTestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "CompressNIO", package: "compress-nio"),
            ],
            swiftSettings: testSettings
        ),
        .testTarget(name: "PetSpotBenchTests", dependencies: ["PetSpotBench", "PetSpotStore"], swiftSettings: testSettings),
        .testTarget(name: "PetSpotClientTests", dependencies: ["PetSpotClient", "PetSpotServer", "PetSpotTestSupport"], swiftSettings: testSettings),
    ]
)
