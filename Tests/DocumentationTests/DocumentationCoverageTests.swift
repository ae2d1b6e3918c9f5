import Foundation
import Testing

/// The engine's public API is documented whole: every public declaration has a doc comment, and
/// each catalog's landing page curates every top-level symbol into a topic, so nothing lands in
/// DocC's catch-all groups unexplained.
@Suite struct DocumentationCoverageTests {
  /// The engine's modules and the test kit, whose public API a template user reads.
  static let engineModules = [
    "Repositories", "Persistence", "SQLiteCore", "PostgresCore", "NestedJSON", "RepositoryTesting",
  ]
  /// The landing page of each module that has a DocC catalog.
  static let landingPages = [
    "Repositories": "Domain/Repositories/Documentation.docc/Repositories.md",
    "Persistence": "Data/Persistence/Documentation.docc/Persistence.md",
  ]

  @Test(arguments: engineModules)
  func everyPublicDeclarationHasADocComment(module: String) throws {
    let graph = try SymbolGraph(module: module, of: BuiltPackage())
    for symbol in graph.symbols where symbol.isDeclared && !symbol.isDocumented {
      let path = Self.relativePath(of: symbol)
      let line = (symbol.location?.position.line ?? 0) + 1
      Issue.record(
        "\(path):\(line): \(module).\(symbol.name) is public and has no doc comment",
        sourceLocation: SourceLocation(
          fileID: "\(module)/\(path)", filePath: PackageRoot.url.appendingPathComponent(path).path, line: line,
          column: 1))
    }
  }

  @Test(arguments: landingPages.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
  func theLandingPageCuratesEveryTopLevelSymbol(module: String, page: String) throws {
    let graph = try SymbolGraph(module: module, of: BuiltPackage())
    let topLevel = Set(graph.symbols.filter { $0.isDeclared && $0.pathComponents.count == 1 }.map(\.name))
    #expect(!topLevel.isEmpty, "\(module) has no public symbols")
    let curated = LandingPage.curatedSymbols(in: try PackageRoot.text(of: page))
    let missing = topLevel.subtracting(curated).sorted()
    #expect(missing.isEmpty, "\(page) curates no topic for \(missing.joined(separator: ", "))")
  }

  @Test func aLandingPageCuratesTheSymbolsItsTopicsList() {
    let page = """
      # ``Persistence``

      Stores models. See ``ModelContext`` for staging.

      ## Topics

      ### Opening a store

      - ``ModelContainer``
      - ``ModelContainer/close()``
      - ``Entity-swift.struct``
      - <doc:GettingStarted>
      """
    #expect(LandingPage.curatedSymbols(in: page) == ["ModelContainer", "Entity"])
  }

  /// The symbol's file, relative to the package.
  private static func relativePath(of symbol: SymbolGraph.Symbol) -> String {
    let path = URL(string: symbol.location?.uri ?? "")?.path ?? "?"
    let root = PackageRoot.url.path + "/"
    return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
  }
}
