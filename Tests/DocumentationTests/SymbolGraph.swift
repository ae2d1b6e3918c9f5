import Foundation

/// The public symbols of a built module, as `swift-symbolgraph-extract` reads them from its
/// `.swiftmodule` — the same graph DocC builds the documentation from.
struct SymbolGraph: Sendable {
  /// One declaration.
  struct Symbol: Decodable, Sendable {
    struct Kind: Decodable, Sendable { let identifier: String }
    struct Identifier: Decodable, Sendable { let precise: String }
    struct DocComment: Decodable, Sendable {
      struct Line: Decodable, Sendable { let text: String }
      let lines: [Line]
    }
    struct Location: Decodable, Sendable {
      struct Position: Decodable, Sendable { let line: Int }
      let uri: String
      let position: Position
    }

    /// What it is: `swift.struct`, `swift.method`, `swift.enum.case`, …
    let kind: Kind
    /// The compiler's unique name for it.
    let identifier: Identifier
    /// Its name and those of the types it is in, outermost first.
    let pathComponents: [String]
    /// Its own doc comment (the graph is extracted without inherited ones), if it has one.
    let docComment: DocComment?
    /// Where it is declared; absent for members the compiler makes (`hashValue`, `!=`).
    let location: Location?

    /// Whether it is written in the module's sources, rather than made by the compiler or
    /// inherited from a protocol's extension.
    var isDeclared: Bool { location != nil && !identifier.precise.contains("::SYNTHESIZED::") }

    /// Whether its doc comment says something.
    var isDocumented: Bool {
      docComment?.lines.contains { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty } == true
    }

    /// Its name with its enclosing types', as `ModelContainer.close()`.
    var name: String { pathComponents.joined(separator: ".") }
  }

  private struct File: Decodable {
    let symbols: [Symbol]
  }

  /// The module's symbols, and those of its extensions of other modules' types.
  let symbols: [Symbol]

  /// Extracts the public symbols of a built module.
  ///
  /// - Throws: ``BuiltPackageError`` with the extractor's output when it fails.
  init(module: String, of package: BuiltPackage) throws {
    symbols = try package.withTemporaryFolder { folder in
      let target = try package.run("swiftc", ["-print-target-info"], in: folder)
      guard let triple = Self.triple(inTargetInfo: target.output) else {
        throw BuiltPackageError("swiftc -print-target-info named no target: \(target.output)")
      }
      let arguments =
        [
          "-module-name", module, "-target", triple, "-minimum-access-level", "public", "-skip-inherited-docs",
          "-output-dir", folder.path,
        ] + package.moduleSearchArguments
      let result = try package.run("swift-symbolgraph-extract", arguments, in: folder)
      guard result.status == 0 else { throw BuiltPackageError("swift-symbolgraph-extract failed: \(result.output)") }
      let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        .filter { $0.lastPathComponent.hasSuffix(".symbols.json") }
      return try files.flatMap { try JSONDecoder().decode(File.self, from: Data(contentsOf: $0)).symbols }
    }
  }

  /// The `target.triple` of `swiftc -print-target-info`'s JSON.
  private static func triple(inTargetInfo json: String) -> String? {
    struct Info: Decodable {
      struct Target: Decodable { let triple: String }
      let target: Target
    }
    return try? JSONDecoder().decode(Info.self, from: Data(json.utf8)).target.triple
  }
}
