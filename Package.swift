// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "Movies",
  products: [
    .library(name: "Repositories", targets: ["Repositories"]),
    .library(name: "Persistence", targets: ["Persistence"]),
    // The test kit: the in-memory repository and unit of work, and the repository contract with
    // its fixture protocol and its own models, for any package's test target.
    .library(name: "RepositoryTesting", targets: ["RepositoryTesting"]),
    .executable(name: "movies", targets: ["movies"]),
  ],
  targets: [
    // Domain: the repository abstractions every engine implements, and the catalog's domain
    // (entities, use cases, rules, errors) written against them. Foundation only.
    .target(name: "Repositories", path: "Domain/Repositories"),
    .target(name: "Catalog", dependencies: ["Repositories"], path: "Domain/Catalog"),

    // Data: the SQLite engine and the generic repository.
    .systemLibrary(
      name: "CSQLite",
      path: "Data/CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    // The values both databases store and bind (`SQLValue`), known to the engine's shared code
    // without either database's core.
    .target(name: "SQLValues", path: "Data/SQLValues"),
    // The small SQLite core: connection, statement, errors. The only target that sees the C
    // API.
    .target(name: "SQLiteCore", dependencies: ["CSQLite", "SQLValues"], path: "Data/SQLite"),
    // libpq, PostgreSQL's client library, for the PostgreSQL engine: its declarations, and its
    // functions loaded from libpq.so.5 at the first connection (Debian's libpq-dev and libpq5),
    // not linked, so that a program started for a SQLite store does not load it and the
    // libraries it needs.
    .target(name: "CLibPQ", path: "Data/CLibPQ"),
    // The small PostgreSQL core: connection, parameters, results, errors. The only target that
    // sees libpq.
    .target(name: "PostgresCore", dependencies: ["CLibPQ"], path: "Data/PostgreSQL"),
    // The SwiftData-style engine (container, context, schema, queries, migrations, history) and
    // its generic repository, above the SQLite core. It knows no app's models.
    // The JSON codec the engine stores document attributes with (nested structs, arrays): it
    // reads and writes JSON with Foundation's meaning, several times faster than Foundation's
    // coders (the benchmark prints both).
    .target(name: "NestedJSON", path: "Data/NestedJSON"),
    .target(
      name: "Persistence", dependencies: ["Repositories", "SQLValues", "SQLiteCore", "PostgresCore", "NestedJSON"],
      path: "Data/Persistence"),
    // The catalog's storage: its entities' declarations, schema versions and migration plan. The
    // only Data target that knows movies; it writes no SQL of its own.
    .target(
      name: "CatalogStorage",
      dependencies: ["Catalog", "Persistence"],
      path: "Data/CatalogStorage"
    ),

    // App: the `movies` command-line app and its composition root.
    .target(
      name: "MoviesCLI",
      dependencies: [
        "Catalog", "Repositories", "Persistence", "CatalogStorage", "SQLiteCore", "SQLValues", "NestedJSON",
      ],
      path: "App/MoviesCLI"),
    // A release build on Linux holds Swift's libraries itself: `movies --help` starts in 16 ms
    // instead of 27 here, the difference the dynamic loader binding the runtime's symbols at
    // each start. lld, which ships with the toolchain, links it without gold's warning about
    // Foundation's `mktemp`; the static Foundation's own C and collection libraries are named,
    // as the driver leaves them out. Debug builds stay dynamic: the app tests link this module
    // into their bundle, and XCTest has no static library to link there.
    .executableTarget(
      name: "movies", dependencies: ["MoviesCLI"], path: "App/movies",
      linkerSettings: [
        .unsafeFlags(
          [
            "-static-stdlib", "-use-ld=lld", "-lCoreFoundation", "-l_FoundationICU", "-l_FoundationCollections",
            "-l_FoundationCShims",
          ], .when(platforms: [.linux], configuration: .release))
      ]),

    // Benchmarks: the framework against the raw SQLite C API, in one run.
    .executableTarget(
      name: "movies-benchmark",
      dependencies: [
        "Catalog", "Repositories", "Persistence", "CatalogStorage", "SQLiteCore", "SQLValues", "CSQLite", "NestedJSON",
        "RepositoryTesting", "TestSupport", "PostgresCore", "PostgresServer",
      ],
      path: "Benchmarks/StoreBenchmark"
    ),
    // Writes per second of several processes writing one store at once, on SQLite through the
    // engine and on PostgreSQL through libpq (scripts/measure-writers.sh).
    .executableTarget(
      name: "writer-throughput",
      dependencies: ["Catalog", "Repositories", "Persistence", "CatalogStorage", "PostgresCore", "PostgresServer"],
      path: "Benchmarks/WriterThroughput"),
    // How soon a history observer hears of another process's commit, and its idle CPU
    // (scripts/measure-notify.sh).
    .executableTarget(
      name: "notify-latency", dependencies: ["Catalog", "Repositories", "Persistence", "CatalogStorage"],
      path: "Benchmarks/NotifyLatency"),

    // Tests mirror the layers. RepositoryTesting is the test kit, a product that knows no movie:
    // the in-memory repository and the one repository contract, with models of its own.
    .target(name: "RepositoryTesting", dependencies: ["Repositories"], path: "Tests/RepositoryTesting"),
    .testTarget(
      name: "RepositoryTestingTests", dependencies: ["RepositoryTesting"], path: "Tests/RepositoryTestingTests"),
    // The engine's side of the kit: its planets as the engine stores them, and SQLite stores as
    // the contract's subjects, for the engine's runs of the contract.
    .target(
      name: "StorageTesting", dependencies: ["RepositoryTesting", "Persistence"], path: "Tests/StorageTesting"),
    // The catalog's fixtures and its movie-only checks, above the kit.
    .target(
      name: "TestSupport", dependencies: ["Catalog", "Repositories", "RepositoryTesting"], path: "Tests/Support"),
    // A family of two trip models and the checks every store's family repository must pass.
    .target(
      name: "FamilySupport", dependencies: ["Persistence", "Repositories", "RepositoryTesting"],
      path: "Tests/FamilySupport"),
    // The wide differential fuzzer of predicates (every integer width, floating point, UUIDs,
    // JSON, renamed coding keys) and its corpus, run on each store by the engines' tests.
    .target(
      name: "PredicateFuzzing", dependencies: ["Persistence", "Repositories", "RepositoryTesting"],
      path: "Tests/PredicateFuzzing"),
    .testTarget(
      name: "DomainTests", dependencies: ["Catalog", "Repositories", "RepositoryTesting", "TestSupport"],
      path: "Tests/DomainTests"),
    .testTarget(
      name: "DataTests",
      dependencies: [
        "Catalog", "Repositories", "Persistence", "CatalogStorage", "SQLiteCore", "SQLValues", "NestedJSON",
        "RepositoryTesting", "TestSupport", "StorageTesting",
        "CSQLite", "FamilySupport", "PredicateFuzzing",
      ],
      path: "Tests/DataTests"
    ),
    // The PostgreSQL core against a throwaway server the tests start (skipped, saying so, where
    // PostgreSQL's server is not installed).
    .testTarget(
      name: "PostgresTests",
      dependencies: [
        "PostgresCore", "PostgresServer", "Persistence", "Catalog", "CatalogStorage", "Repositories", "SQLiteCore",
        "SQLValues",
        "RepositoryTesting", "TestSupport", "StorageTesting", "FamilySupport", "PredicateFuzzing",
      ],
      path: "Tests/PostgresTests"),
    // A throwaway PostgreSQL cluster (initdb in a temporary folder, a free loopback port), for the
    // tests and the benchmarks.
    .target(name: "PostgresServer", dependencies: ["PostgresCore"], path: "Tests/PostgresServer"),
    // A writer for the tests of several processes sharing one store.
    .executableTarget(
      name: "store-stress", dependencies: ["Catalog", "Repositories", "Persistence", "CatalogStorage"],
      path: "Tests/StoreStress"),
    // The module seams, read from Package.swift and the sources: no engine target imports the
    // catalog, and only SQLiteCore imports the C library.
    .testTarget(name: "ArchitectureTests", path: "Tests/ArchitectureTests"),
    // The documentation: every Swift snippet of the README, the DocC articles and the engine's
    // doc comments compiled against the built modules (it depends on each module a snippet may
    // import, so they are built first), every public declaration documented and curated.
    .testTarget(
      name: "DocumentationTests",
      dependencies: [
        "Repositories", "Persistence", "SQLiteCore", "SQLValues", "PostgresCore", "Catalog", "CatalogStorage",
        "MoviesCLI",
        "RepositoryTesting", "StorageTesting",
      ],
      path: "Tests/DocumentationTests",
      exclude: ["Contexts"]
    ),
    .testTarget(
      name: "AppTests",
      // FaultVFS's raw SQL plays another program that damaged a catalog.
      dependencies: [
        "MoviesCLI", "movies", "store-stress", "Persistence", "CatalogStorage", "SQLiteCore", "SQLValues", "Catalog",
        "Repositories",
        "RepositoryTesting", "TestSupport", "FaultVFS", "PostgresServer", "PostgresCore",
      ],
      path: "Tests/AppTests"
    ),
    // Reliability: a VFS that injects I/O faults and power loss (a test target that sees the
    // SQLite C API), a process to kill or starve of memory, and the tests that use them.
    .target(name: "FaultVFS", dependencies: ["CSQLite"], path: "Tests/FaultVFS"),
    .executableTarget(
      name: "reliability-worker",
      dependencies: ["Catalog", "Repositories", "Persistence", "CatalogStorage", "FaultVFS"],
      path: "Tests/ReliabilityWorker"
    ),
    .testTarget(
      name: "ReliabilityTests",
      dependencies: [
        "Catalog", "Repositories", "Persistence", "CatalogStorage", "RepositoryTesting", "TestSupport", "FaultVFS",
        "reliability-worker",
        "SQLiteCore", "SQLValues",
      ],
      path: "Tests/ReliabilityTests"
    ),
  ]
)

// Strict settings, applied to every target in one place.
for target in package.targets where target.type != .system && !["FaultVFS", "CLibPQ"].contains(target.name) {
  // The engine's hot path crosses modules (a row's columns are read through SQLiteCore):
  // release builds of the Domain and Data targets let the optimizer inline across them, as it
  // does within one. Only there: Swift 6.3's optimizer crashes on the test support's
  // parameter packs with it. (SwiftPM 6.2 and later accept unsafe flags in packages used as
  // dependencies.)
  let path = target.path ?? ""
  let crossModule: [SwiftSetting] =
    path.hasPrefix("Domain/") || path.hasPrefix("Data/")
    ? [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))] : []
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .swiftLanguageMode(.v6),
      .enableUpcomingFeature("ExistentialAny"),
      // A file's imports say what it uses, and `public import` marks the modules whose types
      // appear in a target's public API.
      .enableUpcomingFeature("InternalImportsByDefault"),
      .enableUpcomingFeature("MemberImportVisibility"),
      .treatAllWarnings(as: .error),
    ] + crossModule
}
