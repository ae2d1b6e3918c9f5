// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "Movies",
  products: [
    .library(name: "Domain", targets: ["Domain"]),
    .library(name: "Persistence", targets: ["Persistence"]),
    .executable(name: "movies", targets: ["movies"]),
  ],
  targets: [
    // Domain: entities, repository protocols, use cases. Foundation only.
    .target(name: "Domain", path: "Domain"),

    // Data: the SQLite engine and the generic repository.
    .systemLibrary(
      name: "CSQLite",
      path: "Data/CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    .target(
      name: "Persistence",
      dependencies: ["Domain", "CSQLite"],
      path: "Data",
      exclude: ["CSQLite"]
    ),

    // App: the `movies` command-line app and its composition root.
    .target(name: "MoviesCLI", dependencies: ["Domain", "Persistence"], path: "App/MoviesCLI"),
    .executableTarget(name: "movies", dependencies: ["MoviesCLI"], path: "App/movies"),

    // Benchmarks: the framework against the raw SQLite C API, in one run.
    .executableTarget(
      name: "movies-benchmark",
      dependencies: ["Domain", "Persistence", "CSQLite", "TestSupport"],
      path: "Benchmarks/StoreBenchmark"
    ),

    // Tests mirror the layers; Support holds fixtures and the in-memory repository.
    .target(name: "TestSupport", dependencies: ["Domain"], path: "Tests/Support"),
    .testTarget(name: "DomainTests", dependencies: ["Domain", "TestSupport"], path: "Tests/DomainTests"),
    .testTarget(
      name: "DataTests",
      dependencies: ["Domain", "Persistence", "TestSupport", "CSQLite"],
      path: "Tests/DataTests"
    ),
    // A writer for the tests of several processes sharing one store.
    .executableTarget(name: "store-stress", dependencies: ["Domain", "Persistence"], path: "Tests/StoreStress"),
    .testTarget(
      name: "AppTests",
      // FaultVFS's raw SQL plays another program that damaged a catalog.
      dependencies: ["MoviesCLI", "movies", "store-stress", "Persistence", "Domain", "TestSupport", "FaultVFS"],
      path: "Tests/AppTests"
    ),
    // Reliability: a VFS that injects I/O faults and power loss (a test target that sees the
    // SQLite C API), a process to kill or starve of memory, and the tests that use them.
    .target(name: "FaultVFS", dependencies: ["CSQLite"], path: "Tests/FaultVFS"),
    .executableTarget(
      name: "reliability-worker",
      dependencies: ["Domain", "Persistence", "FaultVFS"],
      path: "Tests/ReliabilityWorker"
    ),
    .testTarget(
      name: "ReliabilityTests",
      dependencies: ["Domain", "Persistence", "TestSupport", "FaultVFS", "reliability-worker"],
      path: "Tests/ReliabilityTests"
    ),
  ]
)

// Strict settings, applied to every target in one place.
for target in package.targets where target.type != .system && target.name != "FaultVFS" {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .swiftLanguageMode(.v6),
      .enableUpcomingFeature("ExistentialAny"),
      .treatAllWarnings(as: .error),
    ]
}
