import Catalog
import CatalogStorage
import Foundation
import Persistence
import RepositoryTesting
import TestSupport
import Testing

@testable import MoviesCLI

/// The fuzzer's committed corpus (Fuzz/Corpus), fed to what `scripts/fuzz.sh` feeds it to — the
/// import readers and the store opener — in every test run, without the sanitizers: each input
/// still reads as it did when it was committed, a crash among them fails the run, and an input
/// added there is read here too.
@Suite("The fuzzer's corpus reads as committed")
struct FuzzCorpusTests {
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus")

  /// The inputs of one target's folder, by name.
  static func inputs(_ target: String) throws -> [String: Data] {
    let folder = corpus.appendingPathComponent(target)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    return try Dictionary(
      uniqueKeysWithValues: names.map { ($0, try Data(contentsOf: folder.appendingPathComponent($0))) })
  }

  /// What reading a whole import file came to: its rows read, its rows refused, and the problem
  /// that ended it early, if one did.
  static func outcome(_ file: inout some ImportFile) -> String {
    var rows = 0
    var refused = 0
    do {
      while let row = try file.next() {
        if case .success = row { rows += 1 } else { refused += 1 }
      }
      return "\(rows) read, \(refused) refused"
    } catch {
      return "\(rows) read, \(refused) refused, then stopped"
    }
  }

  static func outcome(of data: Data, as format: String) throws -> String {
    let stream = ByteStream(data)
    switch format {
    case "csv":
      do {
        var file = try CSVImportFile(stream)
        return outcome(&file)
      } catch {
        return "refused at its header"
      }
    case "json":
      var file = JSONImportFile(array: stream)
      return outcome(&file)
    default:
      var file = JSONImportFile(lines: stream)
      return outcome(&file)
    }
  }

  @Test func everyImportInputReadsAsItDidWhenCommitted() throws {
    var outcomes: [String: String] = [:]
    for format in ["csv", "json", "jsonl"] {
      for (name, data) in try Self.inputs(format) {
        outcomes["\(format)/\(name)"] = try Self.outcome(of: data, as: format)
      }
    }
    // A new input must be added here with what it reads to, so that a change is seen.
    #expect(
      outcomes == [
        "csv/bom-unclosed.csv": "1 read, 0 refused, then stopped",  // at its unclosed quote
        "csv/extra-fields.csv": "refused at its header",  // an unknown field
        "csv/full.csv": "1 read, 0 refused",
        "json/array.json": "1 read, 1 refused",  // the second has an unknown field
        "json/empty.json": "0 read, 0 refused",
        "jsonl/lines.jsonl": "1 read, 3 refused",  // tags as text, an array, a cut line
      ])
  }

  /// Each committed store opens as the app opens it, and its inspection and check find nothing
  /// wrong (the fuzzer mutates these, so they must be sound to begin with).
  @Test func everyStoreInputOpensAndChecksClean() throws {
    let folder = try TemporaryDirectory()
    let inputs = try Self.inputs("store")
    #expect(!inputs.isEmpty)
    for (name, data) in inputs {
      let url = folder.file(name)
      try data.write(to: url)
      let inspection = try StoreInspection(url: url, plan: CatalogMigrationPlan.self)
      #expect(try inspection.check().isEmpty, "\(name)")
      _ = try ModelContainer(
        for: CatalogModels.all, migrationPlan: CatalogMigrationPlan.self,
        configurations: [ModelConfiguration("Catalog", url: url)])
    }
  }
}
