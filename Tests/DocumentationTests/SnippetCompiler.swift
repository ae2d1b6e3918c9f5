import Foundation

/// Compiles snippets against the package's built modules with the toolchain's `swiftc`, the way
/// a user's file importing them would be compiled, with the package's strict settings.
///
/// Each program is written to a file of its own, wrapped in its context, with `#sourceLocation`
/// lines, so the compiler's errors name the document and the line a reader sees — `README.md:230:7:
/// error: …` — not the generated file. It runs `swiftc -emit-sil`, which type-checks and also
/// runs the checks done on SIL (definite initialization, data races), but generates no code.
struct SnippetCompiler: Sendable {
  /// The folder that holds `Package.swift`.
  let root: URL
  /// The build's module folder, where `Persistence.swiftmodule` and its siblings are.
  let modules: URL
  /// The `swiftc` to compile with: `$SWIFTC`, else the first on `PATH`.
  let swiftc: URL

  /// Finds the modules of the build that made this test, and the compiler.
  ///
  /// - Throws: an error saying what to do when the modules or `swiftc` cannot be found.
  init(root: URL = PackageRoot.url) throws {
    self.root = root
    let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    var folder = executable.deletingLastPathComponent()
    var found: URL?
    for _ in 0..<4 where found == nil {
      let candidate = folder.appendingPathComponent("Modules")
      if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Persistence.swiftmodule").path) {
        found = candidate
      }
      folder.deleteLastPathComponent()
    }
    guard let found else {
      throw SnippetCompilerError("no built modules beside \(executable.path); run `swift build --build-tests` first")
    }
    modules = found
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["SWIFTC"], !path.isEmpty {
      swiftc = URL(fileURLWithPath: path)
    } else if let path = (environment["PATH"] ?? "").split(separator: ":").map({ "\($0)/swiftc" })
      .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    {
      swiftc = URL(fileURLWithPath: path)
    } else {
      throw SnippetCompilerError("no swiftc on PATH; set SWIFTC to the toolchain's swiftc")
    }
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
    guard let template = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) else {
      throw SnippetCompilerError(
        "\(program.testDescription): there is no snippet context '\(name)' (no file \(path))")
    }
    let lines = template.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let marker = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "// snippet" }) else {
      throw SnippetCompilerError("\(path) has no `// snippet` line to place a snippet at")
    }
    let before = ["#sourceLocation(file: \"\(path)\", line: 1)"] + lines[..<marker]
    let after = ["#sourceLocation(file: \"\(path)\", line: \(marker + 2))"] + lines[(marker + 1)...]
    return (before + code + after).joined(separator: "\n")
  }

  /// The name SwiftPM builds the package's modules with: its folder's name, lowercased, as a C
  /// identifier.
  var packageName: String {
    let name = root.lastPathComponent.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" }
    return (name.first?.isNumber == true ? "_" : "") + String(name)
  }

  /// The warnings a snippet may have: a fragment shows how a value is made, and need not use it.
  static let allowedWarnings = ["was never used", "was written to, but never read"]

  /// Compiles a program: nil when it compiles without a warning (but ``allowedWarnings``), else
  /// the compiler's output.
  ///
  /// - Throws: when the compiler cannot be run at all.
  func diagnostics(for program: SnippetProgram) throws -> String? {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snippet-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("snippet.swift")
    try source(of: program).write(to: file, atomically: true, encoding: .utf8)

    let process = Process()
    process.executableURL = swiftc
    process.arguments = [
      "-emit-sil", "-o", "/dev/null", "-module-name", "Snippet",
      "-swift-version", "6", "-enable-upcoming-feature", "ExistentialAny",
      "-enable-upcoming-feature", "MemberImportVisibility",
      // The package's own name, as SwiftPM gives it to each module: a snippet is code of this
      // package (so a storage file may conform a domain type to `PersistentModel`, as
      // CatalogStorage does, without `@retroactive`).
      "-package-name", packageName,
      "-I", modules.path, "-module-cache-path",
      modules.deletingLastPathComponent().appendingPathComponent("ModuleCache").path,
      // The SQLite core's C module, which the engine's modules were built against.
      "-Xcc", "-fmodule-map-file=\(root.appendingPathComponent("Data/CSQLite/module.modulemap").path)",
      file.path,
    ]
    process.currentDirectoryURL = folder
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let warnings = text.split(separator: "\n").filter { line in
      line.contains(": warning: ") && !Self.allowedWarnings.contains { line.contains($0) }
    }
    return process.terminationStatus == 0 && warnings.isEmpty ? nil : text
  }
}

/// The compiler or the modules could not be found, or a context is missing.
struct SnippetCompilerError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
