import Foundation
import Repositories

/// A delete of every model of a type that a predicate matches, staged by
/// ``ModelContext/delete(model:where:)`` and run by the next save.
struct StagedBatchDelete: Sendable {
  /// The model type's name, such as `Movie`.
  let typeName: String
  private let run: @Sendable (any TransactionDispatch) throws -> Int

  /// Stages the delete, checking now that the store's database can run the predicate, so a
  /// predicate SQL cannot evaluate is refused when it is staged, not when it is saved; `nil`
  /// matches every model.
  ///
  /// - Throws: ``PersistenceError/unsupportedQuery(_:)`` naming what cannot be translated.
  init<Model: PersistentModel>(
    _ type: Model.Type, where predicate: Predicate<Model>?, in repository: any StoreRepository<Model>
  ) throws(PersistenceError) {
    if let predicate { try repository.validate(FetchDescriptor(predicate: predicate)) }
    typeName = "\(Model.self)"
    let matching = predicate ?? #Predicate<Model> { _ in true }
    run = { transaction in try transaction.delete(where: matching) }
  }

  /// Deletes the matching rows inside the caller's write transaction, recording them in the
  /// history, and returns how many.
  @discardableResult
  func apply(in transaction: any TransactionDispatch) throws -> Int { try run(transaction) }
}
