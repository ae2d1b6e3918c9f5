import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories

// One of several processes sharing a catalog store, for tests:
// - `store-stress STORE COUNT NAME` writes COUNT movies one transaction at a time;
// - `store-stress STORE hold SECONDS` holds the store's write lock for SECONDS, printing
//   `holding` once it has it.
// Exits 1 with the error if a write fails.
let arguments = CommandLine.arguments
guard arguments.count == 4, arguments[2] == "hold" || Int(arguments[2]) != nil else {
  FileHandle.standardError.write(Data("usage: store-stress STORE COUNT NAME | store-stress STORE hold SECONDS\n".utf8))
  exit(2)
}
do {
  let container = try ModelContainer(
    for: CatalogModels.all, migrationPlan: CatalogMigrationPlan.self,
    configurations: [ModelConfiguration("Catalog", url: URL(fileURLWithPath: arguments[1]))])
  if arguments[2] == "hold", let seconds = Double(arguments[3]) {
    // A unit of work's transaction is one write that runs the caller's code while it holds the lock.
    try await SQLiteUnitOfWork(container: container).transaction { _ in
      FileHandle.standardOutput.write(Data("holding\n".utf8))
      Thread.sleep(forTimeInterval: seconds)
    }
    exit(0)
  }
  let movies = try SQLiteRepository<Movie>(container: container)
  for index in 0..<Int(arguments[2])! {
    try await movies.insert(Movie(title: "\(arguments[3]) \(index)", date: Date(timeIntervalSinceReferenceDate: 0)))
    if index % 10 == 0 { _ = try await movies.fetchCount(FetchDescriptor()) }
  }
} catch {
  FileHandle.standardError.write(Data("store-stress: \(error)\n".utf8))
  exit(1)
}
