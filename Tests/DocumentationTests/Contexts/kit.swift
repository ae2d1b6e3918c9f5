// The context of a snippet of the test kit's doc comments: the body of an async test whose
// parameters are the values the kit's examples name — a check's name, repositories of planets
// and moons, a stored planet — so a snippet may use them, or declare its own of the same names.
import Foundation
import Repositories
import RepositoryTesting
import Testing

func snippet(
  check: String, planets: InMemoryRepository<Planet>, moons: InMemoryRepository<Moon>, stored: Planet
)
  async throws
{
  // snippet
}
