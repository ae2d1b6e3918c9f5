import Foundation
import Testing

/// `movies` loads libpq, and the libraries it needs, only for a PostgreSQL store: a command on a
/// store file does without them (they were a third of its start).
@Suite("The libraries a command loads")
struct LibraryLoadingTests {
  @Test(arguments: StoreEngine.available)
  func libpqIsLoadedOnlyForAPostgreSQLStore(engine: StoreEngine) async throws {
    let movies = try MoviesProcess(engine)
    _ = try await movies.add("Alien")
    // The dynamic loader names each library it loads on standard error (glibc's LD_DEBUG).
    let listed = try await movies.run(["list"], environment: ["LD_DEBUG": "files"])
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(listed.stderr.contains("file=libsqlite3"), "the loader reports what it loads")
    #expect(listed.stderr.contains("file=libpq") == (engine == .postgres))
  }
}
