import Foundation
import Persistence
import RepositoryTesting
import Testing

/// The databases a ``ModelContainer`` opens, one line each: the suites that take it run the
/// same code on every one of them, choosing only the configuration's URL.
enum EveryDatabase: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case file
  case memory
  case postgres

  var testDescription: String { rawValue }

  /// A configuration of a new, empty store of this database.
  func configuration(named name: String = "Contract") throws -> ModelConfiguration {
    switch self {
    case .file: ModelConfiguration(name, url: try TemporaryDirectory().file("contract.store"))
    case .memory: ModelConfiguration(name, isStoredInMemoryOnly: true)
    case .postgres: ModelConfiguration(name, url: try #require(URL(string: try PostgresTestServer.makeSchema())))
    }
  }

  /// A container of `models` on a new, empty store of this database.
  func container(for models: [any PersistentModel.Type]) throws -> ModelContainer {
    try ModelContainer(for: models, configurations: [try configuration()])
  }
}
