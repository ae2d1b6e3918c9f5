import Foundation
import SQLValues

/// A delete of every model of a type that a predicate matches, staged by
/// ``ModelContext/delete(model:where:)`` and run by the next save.
struct StagedBatchDelete: Sendable {
  /// The model type's name, such as `Movie`.
  let typeName: String
  private let run: @Sendable (StoreState, Store, [TableSchema]) throws -> Int

  /// Stages the delete, translating the predicate now, so a predicate SQL cannot evaluate is
  /// refused when it is staged, not when it is saved; `nil` matches every model.
  ///
  /// - Throws: ``PersistenceError/unsupportedQuery(_:)`` naming what cannot be translated.
  init<Model: PersistentModel>(
    _ type: Model.Type, where predicate: Predicate<Model>?, table: TableSchema
  ) throws(PersistenceError) {
    let condition = try predicate.map { (predicate) throws(PersistenceError) in
      try PredicateTranslator(table: table, modelName: "\(Model.self)", dialect: Store.dialect).condition(predicate)
    }
    typeName = "\(Model.self)"
    run = { state, store, tables in
      let writer = TableWriter<Model>(
        table: table, statements: store.statements(of: Model.self, table: table), tables: tables)
      guard let condition else { return try writer.deleteAll(in: state) }
      return try writer.delete(where: condition, in: state)
    }
  }

  /// Deletes the matching rows inside the caller's write transaction on `store`, recording
  /// them in the history, and returns how many.
  @discardableResult
  func apply(in state: StoreState, store: Store, tables: [TableSchema]) throws -> Int { try run(state, store, tables) }
}
