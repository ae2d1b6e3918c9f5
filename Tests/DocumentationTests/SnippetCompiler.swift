import Foundation

/// Compiles snippets against the package's built modules with the toolchain's `swiftc`, the way
/// a user's file importing them would be compiled, with the package's strict settings.
///
/// Each program is written to a file of its own, wrapped in its context, with `#sourceLocation`
/// lines, so the compiler's errors name the document and the line a reader sees — `README.md:230:7:
/// error: …` — not the generated file. It runs `swiftc -emit-sil`, which type-checks and also
/// runs the checks done on SIL (definite initialization, data races), but generates no code.
struct SnippetCompiler: Sendable {
  /// The built package the snippets are compiled against.
  let package: BuiltPackage

  /// Finds the modules of the build that made this test, and the compiler.
  ///
  /// - Throws: ``BuiltPackageError`` when either cannot be found.
  init() throws {
    package = try BuiltPackage()
  }

  /// The Swift file a program compiles as: its context with the blocks at the context's
  /// `// snippet` line, each block after a `#sourceLocation` naming its document and line.
  func source(of program: SnippetProgram) throws -> String {
    var code: [String] = []
    for part in program.parts {
      code.append("#sourceLocation(file: \"\(part.file)\", line: \(part.line))")
      code += part.lines
    }
    guard let name = program.context else { return (code + [""]).joined(separator: "\n") }
    let path = "Tests/DocumentationTests/Contexts/\(name).swift"
    guard let template = try? String(contentsOf: package.root.appendingPathComponent(path), encoding: .utf8) else {
      throw BuiltPackageError(
        "\(program.testDescription): there is no snippet context '\(name)' (no file \(path))")
    }
    let lines = template.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let marker = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "// snippet" }) else {
      throw BuiltPackageError("\(path) has no `// snippet` line to place a snippet at")
    }
    let before = ["#sourceLocation(file: \"\(path)\", line: 1)"] + lines[..<marker]
    let after = ["#sourceLocation(file: \"\(path)\", line: \(marker + 2))"] + lines[(marker + 1)...]
    return (before + code + after).joined(separator: "\n")
  }

  /// The warnings a snippet may have: a fragment shows how a value is made, and need not use it.
  static let allowedWarnings = ["was never used", "was written to, but never read"]

  /// Compiles a program: nil when it compiles without a warning (but ``allowedWarnings``), else
  /// the compiler's output.
  ///
  /// - Throws: when the compiler cannot be run at all.
  func diagnostics(for program: SnippetProgram) throws -> String? {
    try package.withTemporaryFolder { folder in
      let file = folder.appendingPathComponent("snippet.swift")
      try source(of: program).write(to: file, atomically: true, encoding: .utf8)
      let arguments =
        [
          "-emit-sil", "-o", "/dev/null", "-module-name", "Snippet", "-swift-version", "6",
          "-enable-upcoming-feature", "ExistentialAny", "-enable-upcoming-feature", "MemberImportVisibility",
          // A snippet is code of this package (so a storage file may conform a domain type to
          // `PersistentModel`, as CatalogStorage does, without `@retroactive`).
          "-package-name", package.packageName,
        ] + package.moduleSearchArguments + [file.path]
      let (status, output) = try package.run("swiftc", arguments, in: folder)
      let warnings = output.split(separator: "\n").filter { line in
        line.contains(": warning: ") && !Self.allowedWarnings.contains { line.contains($0) }
      }
      return status == 0 && warnings.isEmpty ? nil : output
    }
  }
}
