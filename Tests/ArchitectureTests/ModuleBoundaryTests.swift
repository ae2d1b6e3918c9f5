import Foundation
import Testing

/// The seams between the package's modules, checked on the sources: the engine knows nothing of
/// the catalog, the domain nothing of the engine, the test kit nothing but the repository
/// protocols, and only the SQLite core sees the C library.
@Suite struct ModuleBoundaryTests {
  /// The modules of the sample app: the catalog's domain and storage, and the app itself.
  static let catalogModules: Set<String> = ["Catalog", "CatalogStorage", "MoviesCLI", "movies"]
  /// The generic engine: any model's storage, the SQLite core under it, and its JSON codec.
  static let engineModules: Set<String> = [
    "Repositories", "SQLValues", "SQLiteCore", "PostgresCore", "Persistence", "NestedJSON",
  ]

  let package: PackageTargets

  init() throws { package = try PackageTargets() }

  @Test func everyLayerHasItsTargets() {
    #expect(Set(package.targets(under: "Domain/").map(\.name)) == ["Repositories", "Catalog"])
    #expect(
      Set(package.targets(under: "Data/").map(\.name))
        == [
          "CSQLite", "SQLValues", "SQLiteCore", "CLibPQ", "PostgresCore", "NestedJSON", "Persistence", "CatalogStorage",
        ])
    for name in Self.engineModules.union(["Catalog", "CatalogStorage"]) {
      #expect(package.targets[name]?.imports.isEmpty == false, "\(name)'s sources were not found")
    }
  }

  @Test func noEngineTargetImportsOrDependsOnTheCatalog() throws {
    for name in Self.engineModules {
      let target = try #require(package.targets[name])
      for module in Self.catalogModules {
        #expect(target.imports[module] == nil, "\(target.imports[module] ?? []) in \(name) import \(module)")
      }
      #expect(target.dependencies.isDisjoint(with: Self.catalogModules), "\(name) depends on the catalog")
    }
  }

  @Test func theDomainImportsNoStorage() throws {
    let storage: Set<String> = [
      "CSQLite", "SQLiteCore", "CLibPQ", "PostgresCore", "Persistence", "CatalogStorage", "MoviesCLI",
    ]
    for target in package.targets(under: "Domain/") {
      for module in storage {
        #expect(target.imports[module] == nil, "\(target.imports[module] ?? []) in \(target.name) import \(module)")
      }
      #expect(target.dependencies.isDisjoint(with: storage), "\(target.name) depends on storage")
    }
  }

  @Test func theCatalogsStorageWritesNoSQLOfItsOwn() throws {
    // Imports and every other write go through the engine's generic operations.
    let storage = try #require(package.targets["CatalogStorage"])
    #expect(storage.imports["SQLiteCore"] == nil, "\(storage.imports["SQLiteCore"] ?? []) import SQLiteCore")
    #expect(!storage.dependencies.contains("SQLiteCore"))
  }

  @Test func onlyTheSQLiteCoreImportsTheCLibrary() {
    // Tests and benchmarks may call SQLite directly (to inject faults, or as the baseline a
    // benchmark compares with); what ships does so only through SQLiteCore.
    let shipped = ["Domain/", "Data/", "App/"].flatMap { package.targets(under: $0) }
    let importers = Set(shipped.filter { $0.imports["CSQLite"] != nil }.map(\.name))
    #expect(importers == ["SQLiteCore"])
    let dependents = Set(shipped.filter { $0.dependencies.contains("CSQLite") }.map(\.name))
    #expect(dependents == ["SQLiteCore"])
  }

  @Test func onlyThePostgresCoreImportsLibpq() {
    let shipped = ["Domain/", "Data/", "App/"].flatMap { package.targets(under: $0) }
    #expect(Set(shipped.filter { $0.imports["CLibPQ"] != nil }.map(\.name)) == ["PostgresCore"])
    #expect(Set(shipped.filter { $0.dependencies.contains("CLibPQ") }.map(\.name)) == ["PostgresCore"])
  }

  @Test func eachDatabasesCodeImportsOnlyItsOwnCore() throws {
    // The engine's shared query code writes SQL through a dialect and imports neither core;
    // the PostgreSQL side never imports SQLite's, nor SQLite's PostgreSQL's.
    let engine = try #require(package.targets["Persistence"])
    let sqlite = engine.imports["SQLiteCore"] ?? []
    let postgres = engine.imports["PostgresCore"] ?? []
    let postgresFolders = ["Data/Persistence/PostgreSQL/", "Data/Persistence/Query/PostgreSQL/"]
    for file in sqlite {
      #expect(!postgresFolders.contains { file.hasPrefix($0) }, "\(file) imports SQLiteCore")
    }
    // So does the driver seam, and each mechanism written once over it.
    let sharedQuery = { (file: String) in
      file.hasPrefix("Data/Persistence/Driver/")
        || file.hasPrefix("Data/Persistence/Query/") && !file.hasPrefix("Data/Persistence/Query/SQLite/")
          && !file.hasPrefix("Data/Persistence/Query/PostgreSQL/")
    }
    for file in sqlite + postgres { #expect(!sharedQuery(file), "\(file) imports a database's core") }
    for file in postgres { #expect(!file.hasPrefix("Data/Persistence/Query/SQLite/"), "\(file) imports PostgresCore") }
    // The values both databases bind need no database.
    let values = try #require(package.targets["SQLValues"])
    #expect(values.dependencies.isEmpty)
    #expect(Set(values.imports.keys) == ["Foundation"])
  }

  @Test func theTestKitDependsOnTheRepositoryProtocolsOnly() throws {
    // RepositoryTesting is a product another package adds to its test target: it must build
    // without the catalog, the engine or any other module of this package.
    let kit = try #require(package.targets["RepositoryTesting"])
    #expect(kit.path == "Tests/RepositoryTesting")
    #expect(kit.dependencies == ["Repositories"])
    let ownModules = Set(package.targets.keys)
    for (module, files) in kit.imports where ownModules.contains(module) && module != "Repositories" {
      Issue.record("\(files) in RepositoryTesting import \(module)")
    }
    #expect(kit.imports["Repositories"] != nil, "RepositoryTesting's sources were not found")
    let manifest = try String(contentsOf: package.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    #expect(manifest.contains(#".library(name: "RepositoryTesting", targets: ["RepositoryTesting"])"#))
  }

  @Test func everySourceBelongsToATarget() {
    // A file left in a folder no target owns (say, after a merge into a folder that moved) is
    // not compiled at all, so nothing else would notice it.
    let paths = package.targets.values.map { $0.path.hasSuffix("/") ? $0.path : $0.path + "/" }
    for folder in ["Domain", "Data", "App", "Benchmarks", "Tests"] {
      for file in package.swiftFiles(under: folder) {
        #expect(paths.contains { file.hasPrefix($0) }, "\(file) is in no target")
      }
    }
  }

  @Test func theFuzzBuildCompilesEveryShippedLibrary() throws {
    // scripts/fuzz.sh compiles the package's modules itself, in dependency order, outside
    // SwiftPM: a new target it does not name breaks only CI's fuzzing run.
    let script = try String(contentsOf: package.root.appendingPathComponent("scripts/fuzz.sh"), encoding: .utf8)
    for target in ["Domain/", "Data/"].flatMap({ package.targets(under: $0) })
    where !["CSQLite", "CLibPQ"].contains(target.name) {
      #expect(script.contains("module \(target.name) \(target.path)"), "scripts/fuzz.sh does not build \(target.name)")
      #expect(script.contains("-l\(target.name) "), "scripts/fuzz.sh does not link \(target.name)")
    }
  }

  @Test func importsAreReadWhateverTheirForm() {
    let source = """
      import Foundation
      @testable import Persistence
      public import Repositories
      internal import CSQLite
      @preconcurrency import Dispatch
      import struct Catalog.Movie
      // import CatalogStorage
      let note = "import MoviesCLI"
      """
    #expect(
      PackageTargets.importedModules(in: source)
        == ["Foundation", "Persistence", "Repositories", "CSQLite", "Dispatch", "Catalog"])
  }
}
