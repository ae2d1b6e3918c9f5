import Domain
import Foundation
import Persistence

// Writes movies to a catalog store one transaction at a time, as one of several processes
// sharing the store: `store-stress STORE COUNT NAME`. Exits 1 with the error if any write fails.
let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[2]) else {
  FileHandle.standardError.write(Data("usage: store-stress STORE COUNT NAME\n".utf8))
  exit(2)
}
do {
  let container = try ModelContainer(
    for: Movie.self, Review.self, MovieTag.self, Tagging.self, migrationPlan: CatalogMigrationPlan.self,
    configurations: ModelConfiguration("Catalog", url: URL(fileURLWithPath: arguments[1])))
  let movies = try SQLiteRepository<Movie>(container: container)
  for index in 0..<count {
    try await movies.insert(Movie(title: "\(arguments[3]) \(index)", date: Date(timeIntervalSinceReferenceDate: 0)))
    if index % 10 == 0 { _ = try await movies.fetchCount(FetchDescriptor()) }
  }
} catch {
  FileHandle.standardError.write(Data("store-stress: \(error)\n".utf8))
  exit(1)
}
