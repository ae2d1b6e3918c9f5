import Foundation
import SQLValues
import SQLiteCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The external files' part of a ``StoreCheck``: each file a row names is there, a regular
/// file, readable and private; each file the manifest lists is named by a row; each file in
/// the folder is the store's. Rows are read one at a time, so memory stays flat.
struct ExternalFilesCheck {
  let folder: URL
  let tables: [TableSchema]
  let modelNames: [String: String]
  let connection: Connection

  /// The problems found.
  func problems() throws -> [StoreProblem] {
    let external = tables.filter { $0.columns.contains { $0.kind == .external } }
    guard !external.isEmpty else { return [] }
    var problems = StoreCheck.privacy(of: folder.path, mode: 0o700)
    for table in external {
      for column in table.columns where column.kind == .external {
        problems += try rowFiles(table, column)
      }
    }
    guard try ExternalManifest.exists(on: connection) else { return problems }
    for name in try ExternalManifest.unreferenced(tables: tables, on: connection)
    where FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path) {
      problems.append(
        StoreProblem(
          "the file \(name) in \(folder.path) is the store's, but no row names it", repair: .removeUnreferencedFiles))
    }
    var journaled = Set<String>()
    do {
      journaled = Set(try ExternalJournal(folder: folder).names())
    } catch {
      problems.append(StoreProblem(error.description))
    }
    var names: [String] = []
    if FileManager.default.fileExists(atPath: folder.path) {
      do {
        names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      } catch {
        problems.append(StoreProblem("the folder \(folder.path) cannot be listed: \(error.localizedDescription)"))
      }
    }
    for name in names.sorted() where ExternalFiles.isValidName(name) {
      guard try !ExternalManifest.contains(name, on: connection), try !isReferenced(name) else { continue }
      if journaled.contains(name) {
        problems.append(
          StoreProblem(
            "the file \(name) in \(folder.path) was left by a write that never committed",
            repair: .removeUnreferencedFiles))
      } else {
        problems.append(
          StoreProblem("the file \(name) in \(folder.path) was not written by this store; it is left alone"))
      }
    }
    return problems
  }

  /// The problems of the files one column's rows name.
  private func rowFiles(_ table: TableSchema, _ column: Column) throws -> [StoreProblem] {
    let name = SQLIdentifier.quote(column.name)
    let statement = try connection.statement(
      "SELECT \(SQLIdentifier.quote(table.primaryKey)), \(name) FROM \(table.quotedName) "
        + "WHERE \(name) IS NOT NULL AND \(name) != '[]'")
    defer { statement.reset() }
    var problems: [StoreProblem] = []
    let model = modelNames[table.name] ?? table.name
    while try statement.step() {
      let key = statement.value(at: 0)
      let owner = "\(model) \(key.identifierDescription)"
      for file in ExternalNames.parse(statement.text(at: 1)) {
        guard ExternalFiles.isValidName(file) else {
          problems.append(StoreProblem("\(owner): '\(file)' in \(column.name) is not the name of an external file"))
          continue
        }
        let path = folder.appendingPathComponent(file).path
        var status = stat()
        guard lstat(path, &status) == 0 else {
          problems.append(
            StoreProblem(
              "\(owner): the file \(file) of \(column.name) is missing from \(folder.path)",
              repair: .detachMissingFile(table: table.name, column: column.name, key: key, name: file)))
          continue
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
          problems.append(StoreProblem("\(owner): the file \(file) of \(column.name) is not a regular file"))
          continue
        }
        if let written = ExternalFiles.writtenSize(of: file), written != Int(status.st_size) {
          problems.append(
            StoreProblem(
              "\(owner): the file \(file) of \(column.name) is damaged: \(status.st_size) bytes, not the \(written) written"
            ))
          continue
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else {
          problems.append(
            StoreProblem(
              "\(owner): the file \(file) of \(column.name) cannot be read: \(String(cString: strerror(errno)))"))
          continue
        }
        close(descriptor)
        problems += StoreCheck.privacy(of: path, mode: 0o600)
      }
    }
    return problems
  }

  /// Whether a row names a file (one full look, for the rare file the manifest does not list).
  private func isReferenced(_ file: String) throws -> Bool {
    let sources = ExternalManifest.referencedNames(tables)
    guard !sources.isEmpty else { return false }
    let statement = try connection.statement(
      "SELECT 1 FROM (\(sources.joined(separator: " UNION ALL "))) WHERE name = ?1 LIMIT 1")
    defer { statement.reset() }
    try statement.bind(.text(file), at: 1)
    return try statement.step()
  }
}
