import Foundation

/// The package as the build that made this test left it: its modules, and the toolchain tools
/// that read them (`swiftc`, `swift-symbolgraph-extract`).
struct BuiltPackage: Sendable {
  /// The folder that holds `Package.swift`.
  let root: URL
  /// The build's module folder, where `Persistence.swiftmodule` and its siblings are.
  let modules: URL
  /// The toolchain's `bin` folder: that of `$SWIFTC` when set, else of the first `swiftc` on
  /// `PATH`.
  let tools: URL

  /// Finds the modules beside this test's executable, and the toolchain.
  ///
  /// - Throws: ``BuiltPackageError`` saying what to do when either cannot be found.
  init(root: URL = PackageRoot.url) throws(BuiltPackageError) {
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
      throw BuiltPackageError("no built modules beside \(executable.path); run `swift build --build-tests` first")
    }
    modules = found
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["SWIFTC"], !path.isEmpty {
      tools = URL(fileURLWithPath: path).deletingLastPathComponent()
    } else if let path = (environment["PATH"] ?? "").split(separator: ":").map({ "\($0)/swiftc" })
      .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    {
      tools = URL(fileURLWithPath: path).deletingLastPathComponent()
    } else {
      throw BuiltPackageError("no swiftc on PATH; set SWIFTC to the toolchain's swiftc")
    }
  }

  /// The name SwiftPM builds the package's modules with: its folder's name, lowercased, made a C
  /// identifier by turning each other character — and a leading digit — into `_` (`My.App-2`
  /// is `my_app_2`, `2app` is `_app`, as SwiftPM 6.3 names them).
  var packageName: String {
    let name = root.lastPathComponent.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" }
    return String(name.enumerated().map { $0.offset == 0 && $0.element.isNumber ? "_" : $0.element })
  }

  /// The arguments that let a tool load the built modules: their folder, the module cache the
  /// build filled, and the C modules of SQLite and libpq, which the engine's cores were built
  /// against.
  var moduleSearchArguments: [String] {
    [
      "-I", modules.path, "-module-cache-path",
      modules.deletingLastPathComponent().appendingPathComponent("ModuleCache").path,
      "-Xcc", "-fmodule-map-file=\(root.appendingPathComponent("Data/CSQLite/module.modulemap").path)",
      "-Xcc", "-fmodule-map-file=\(root.appendingPathComponent("Data/CLibPQ/include/module.modulemap").path)",
    ]
  }

  /// Runs a tool of the toolchain in a folder, and returns its exit status and its output and
  /// errors, interleaved.
  ///
  /// - Throws: when the tool cannot be started.
  func run(_ tool: String, _ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = tools.appendingPathComponent(tool)
    process.arguments = arguments
    process.currentDirectoryURL = folder
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }

  /// Runs `body` with a new empty folder, removed afterwards.
  func withTemporaryFolder<Result>(_ body: (URL) throws -> Result) throws -> Result {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("documentation-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
  }
}

/// The built modules or the toolchain could not be found, or a snippet's context is missing.
struct BuiltPackageError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
