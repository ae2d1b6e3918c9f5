import Foundation

/// The package's targets as `Package.swift` declares them, with the modules each one's sources
/// import, read from the files themselves (the manifest is not run: that takes seconds).
struct PackageTargets {
  /// One declared target.
  struct Target {
    /// The target's name, which is its module's.
    let name: String
    /// The folder that holds its sources, relative to the package.
    let path: String
    /// The targets and products it declares it depends on.
    let dependencies: Set<String>
    /// Every module imported by a Swift file under ``path``, with the files that import it.
    let imports: [String: [String]]
  }

  /// The folder that holds `Package.swift`.
  let root: URL
  /// The targets, by name.
  let targets: [String: Target]

  /// Reads the package that holds this file.
  init(file: String = #filePath) throws {
    var folder = URL(fileURLWithPath: file).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
      guard folder.pathComponents.count > 1 else { throw CocoaError(.fileNoSuchFile) }
      folder.deleteLastPathComponent()
    }
    root = folder
    let manifest = try String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8)
    var targets: [String: Target] = [:]
    for declaration in Self.declarations(in: manifest) {
      guard let name = Self.string(after: "name:", in: declaration) else { continue }
      let path = Self.string(after: "path:", in: declaration) ?? "Sources/\(name)"
      targets[name] = Target(
        name: name, path: path, dependencies: Self.dependencies(in: declaration),
        imports: try Self.imports(under: folder.appendingPathComponent(path), root: folder))
    }
    self.targets = targets
  }

  /// The names of the targets whose sources import `module`.
  func importers(of module: String) -> Set<String> {
    Set(targets.values.filter { $0.imports[module] != nil }.map(\.name))
  }

  /// The targets whose sources lie under a folder of the package, such as `Data/`.
  func targets(under folder: String) -> [Target] {
    targets.values.filter { $0.path.hasPrefix(folder) }
  }

  /// The Swift files under a folder of the package, relative to the package.
  func swiftFiles(under folder: String) -> [String] {
    let base = root.appendingPathComponent(folder)
    guard let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
    return files.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
      .map { String($0.path.dropFirst(root.path.count + 1)) }
  }

  /// The text of each `.target(…)`, `.executableTarget(…)`, `.testTarget(…)` and
  /// `.systemLibrary(…)` call, up to its closing parenthesis.
  static func declarations(in manifest: String) -> [Substring] {
    var result: [Substring] = []
    var rest = manifest[...]
    let openers = [".target(", ".executableTarget(", ".testTarget(", ".systemLibrary("]
    while let start = openers.compactMap({ rest.range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }) {
      var depth = 1
      var index = start.upperBound
      while index < rest.endIndex, depth > 0 {
        if rest[index] == "(" { depth += 1 } else if rest[index] == ")" { depth -= 1 }
        index = rest.index(after: index)
      }
      result.append(rest[start.lowerBound..<index])
      rest = rest[index...]
    }
    return result
  }

  /// The string literal after a label, as in `name: "Persistence"`.
  static func string(after label: String, in text: Substring) -> String? {
    guard let labelRange = text.range(of: label) else { return nil }
    let after = text[labelRange.upperBound...].drop { $0 == " " || $0 == "\n" }
    guard after.first == "\"", let end = after.dropFirst().firstIndex(of: "\"") else { return nil }
    return String(after[after.index(after: after.startIndex)..<end])
  }

  /// The string literals in a declaration's `dependencies: [...]`.
  static func dependencies(in text: Substring) -> Set<String> {
    guard let label = text.range(of: "dependencies:"), let close = text[label.upperBound...].firstIndex(of: "]")
    else { return [] }
    let list = text[label.upperBound..<close]
    return Set(list.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
  }

  /// The modules imported by the Swift files under a folder, each with the files that import it.
  static func imports(under folder: URL, root: URL) throws -> [String: [String]] {
    var result: [String: [String]] = [:]
    guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [:] }
    for case let file as URL in files where file.pathExtension == "swift" {
      let relative = String(file.path.dropFirst(root.path.count + 1))
      for module in importedModules(in: try String(contentsOf: file, encoding: .utf8)) {
        result[module, default: []].append(relative)
      }
    }
    return result
  }

  /// The modules a Swift source imports, whatever the import's attributes, access level or kind:
  /// `import A`, `@testable import A`, `public import A`, `import struct A.B` all name `A`.
  static func importedModules(in source: String) -> Set<String> {
    let modifiers: Set<Substring> = [
      "public", "package", "internal", "fileprivate", "private", "@testable", "@_exported",
      "@preconcurrency", "@_implementationOnly", "@_spi",
    ]
    let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let", "actor"]
    var modules: Set<String> = []
    for line in source.split(separator: "\n") {
      var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
      while let first = words.first, modifiers.contains(first) || first.hasPrefix("@_spi(") {
        words = words.dropFirst()
      }
      guard words.first == "import", var name = words.dropFirst().first else { continue }
      if kinds.contains(name), let qualified = words.dropFirst(2).first { name = qualified }
      modules.insert(String(name.prefix { $0 != "." && $0 != ";" }))
    }
    return modules
  }
}
