import Catalog
import CatalogStorage
import Foundation
import Persistence

// libFuzzer's entry point for the `movies-fuzz` binary that scripts/fuzz.sh builds. It is
// compiled together with App/MoviesCLI's sources (so it reaches the import readers directly)
// and linked against the package's libraries; `FUZZ_TARGET` picks what each input is fed to.

/// What an input is fed to.
enum FuzzTarget: String {
  /// The CSV import reader, a row at a time.
  case csv
  /// The JSON import reader of one array of objects.
  case json
  /// The JSON Lines import reader.
  case jsonl
  /// The store opener: the bytes as a catalog file, opened as the app opens it, then inspected
  /// and checked as `movies store info` and `store check` do.
  case store
}

/// The target of this run, from `FUZZ_TARGET`.
let fuzzTarget: FuzzTarget = {
  let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? ""
  guard let target = FuzzTarget(rawValue: name) else {
    FileHandle.standardError.write(Data("movies-fuzz: set FUZZ_TARGET to csv, json, jsonl or store\n".utf8))
    exit(2)
  }
  return target
}()

/// Where the store target writes each input, private to this process.
let fuzzStore = FileManager.default.temporaryDirectory
  .appendingPathComponent("movies-fuzz-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
  .appendingPathComponent("input.store")

/// Feeds one input to the run's target; libFuzzer calls it for every input it tries, and a
/// crash or a sanitizer report inside is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let data = Data(bytes: bytes, count: size)
  switch fuzzTarget {
  case .csv:
    if var file = try? CSVImportFile(ByteStream(data)) { readAll(&file) }
  case .json:
    var file = JSONImportFile(array: ByteStream(data))
    readAll(&file)
  case .jsonl:
    var file = JSONImportFile(lines: ByteStream(data))
    readAll(&file)
  case .store:
    openStore(data)
  }
  return 0
}

/// Reads every row of an import file, as an import does, until its end or its first error.
func readAll(_ file: inout some ImportFile) {
  while let row = try? file.next() {
    _ = row
    _ = file.unknownFields
  }
}

/// Opens the bytes as a catalog store, read-write as the app does, and inspects and checks it.
func openStore(_ data: Data) {
  let folder = fuzzStore.deletingLastPathComponent()
  try? FileManager.default.removeItem(at: folder)
  try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  guard (try? data.write(to: fuzzStore)) != nil else { return }
  if let inspection = try? StoreInspection(url: fuzzStore, plan: CatalogMigrationPlan.self) {
    _ = try? inspection.check()
  }
  _ = try? ModelContainer(
    for: CatalogModels.all, migrationPlan: CatalogMigrationPlan.self,
    configurations: [ModelConfiguration("Catalog", url: fuzzStore)])
}
