// The context of a snippet about the PostgreSQL core: the body of a function given a server's
// connection URL.
import PostgresCore

func snippet(url: String) async throws {
  // snippet
}
