import Foundation
import Repositories

/// One staged change of a ``ModelContext``: the model's latest value and what to do with it.
struct StagedChange: Sendable {
  var kind: PendingChange.Kind
  var model: any StagedModel

  /// What the change looks like from outside.
  var pending: PendingChange {
    PendingChange(model: model.typeName, id: model.idText, kind: kind)
  }

  /// The change that results from staging `next` after this one, or `nil` when the two cancel
  /// out: a model inserted, then deleted, before a save.
  func merged(with next: StagedChange) -> StagedChange? {
    var result = next
    switch (kind, next.kind) {
    case (.insert, .delete): return nil
    case (.insert, _): result.kind = .insert  // the row does not exist yet: insert the latest value
    case (.delete, .insert): result.kind = .update  // the stored row is replaced
    default: break
    }
    return result
  }

  /// Applies `changes`, in their order, inside the caller's write transaction.
  ///
  /// Consecutive changes of one kind to models of one type go to the transaction together, as
  /// a repository's batch does: one writer, one encoder and one statement for the run,
  /// instead of one for each change.
  ///
  /// - Throws: `RepositoryError.unavailable` for a model of a type the store does not hold,
  ///   `RepositoryError.notFound` for an update or delete of a model that is not stored; the
  ///   database's error of a refused write.
  static func apply(_ changes: [StagedChange], in transaction: any TransactionDispatch) throws {
    var start = changes.startIndex
    while start < changes.endIndex {
      let first = changes[start]
      let type = first.model.modelType
      var end = start + 1
      while end < changes.endIndex, changes[end].kind == first.kind, changes[end].model.modelType == type { end += 1 }
      try Swift.type(of: first.model).apply(first.kind, to: changes[start..<end], in: transaction)
      start = end
    }
  }
}

/// A model value of any type, as a staged change holds it: boxed once when it is staged, so that
/// the change and the context's key of the model share one copy.
protocol StagedModel: AnyObject, Sendable {
  /// The model itself.
  var persistentModel: any PersistentModel { get }
  /// The model type's name.
  var typeName: String { get }
  /// The model's identifier, as text.
  var idText: String { get }
  /// The model's type, as a store's tables are keyed.
  var modelType: ObjectIdentifier { get }
  /// The hash of the model's identifier.
  var idHash: Int { get }
  /// Whether `other`, a model of the same type (``modelType``), has this one's identifier.
  func hasSameID(as other: any StagedModel) -> Bool
  /// Inserts, updates or deletes the rows of the models of `run` — all of this type, and all
  /// changed by `kind` — in their table, through the caller's transaction, which records them
  /// in the history.
  static func apply(
    _ kind: PendingChange.Kind, to run: ArraySlice<StagedChange>, in transaction: any TransactionDispatch)
    throws
}

/// A model of a known type, held for a staged change.
final class StagedValue<Model: PersistentModel>: StagedModel, Sendable {
  let value: Model

  init(_ value: Model) { self.value = value }

  var persistentModel: any PersistentModel { value }
  var typeName: String { "\(Model.self)" }
  /// A UUID in its usual lower-case form, as the history writes it; anything else as Swift
  /// describes it.
  var idText: String { (value.id as? UUID)?.uuidString.lowercased() ?? String(describing: value.id) }
  var modelType: ObjectIdentifier { ObjectIdentifier(Model.self) }
  var idHash: Int { value.id.hashValue }

  func hasSameID(as other: any StagedModel) -> Bool {
    // Callers compare the types first: a model of this type is held by this class.
    value.id == unsafeDowncast(other, to: StagedValue<Model>.self).value.id
  }

  static func apply(
    _ kind: PendingChange.Kind, to run: ArraySlice<StagedChange>, in transaction: any TransactionDispatch
  )
    throws
  {
    // A run holds the models of one type (`StagedChange.apply(_:in:)`), each held by this
    // class.
    let models = run.map { unsafeDowncast($0.model, to: StagedValue<Model>.self).value }
    switch kind {
    case .insert: try transaction.insert(models)
    case .update: try transaction.update(models)
    case .delete: try transaction.delete(ids: models.map(\.id), of: Model.self)
    }
  }
}
