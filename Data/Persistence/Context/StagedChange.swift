import Foundation
import Repositories
import SQLiteCore

/// One staged change of a ``ModelContext``: the model's latest value, what to do with it, and
/// its table.
struct StagedChange {
  /// Identifies a model across types: its type and its identifier.
  struct Key: Hashable {
    let type: ObjectIdentifier
    let id: AnyHashable
  }

  var kind: PendingChange.Kind
  var model: any StagedModel
  /// The model's table, or `nil` when the context's store does not hold its type.
  let table: TableSchema?

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

  /// Applies the change inside the caller's write transaction.
  ///
  /// - Throws: `RepositoryError.notFound` for an update or delete of a model that is not
  ///   stored; the SQLite error of a refused write.
  func apply(in state: StoreState, tables: [TableSchema]) throws {
    guard let table else { throw RepositoryError.unavailable("\(model.typeName) is not stored here") }
    try model.apply(kind, table: table, in: state, tables: tables)
  }
}

/// A model value of any type, as a staged change holds it.
protocol StagedModel {
  /// The model itself.
  var persistentModel: any PersistentModel { get }
  /// The model type's name.
  var typeName: String { get }
  /// The model's identifier, as text.
  var idText: String { get }
  /// Inserts, updates or deletes the model's row, and records it in the history; `tables` are
  /// all of the store's, whose rows a delete may change too.
  func apply(_ kind: PendingChange.Kind, table: TableSchema, in state: StoreState, tables: [TableSchema]) throws
}

/// A model of a known type, held for a staged change.
struct StagedValue<Model: PersistentModel>: StagedModel {
  let value: Model

  var persistentModel: any PersistentModel { value }
  var typeName: String { "\(Model.self)" }
  /// A UUID in its usual lower-case form, as the history writes it; anything else as Swift
  /// describes it.
  var idText: String { (value.id as? UUID)?.uuidString.lowercased() ?? String(describing: value.id) }

  func apply(_ kind: PendingChange.Kind, table: TableSchema, in state: StoreState, tables: [TableSchema]) throws {
    let writer = TableWriter<Model>(table: table, statements: TableStatements(table: table), tables: tables)
    switch kind {
    case .insert: try writer.insert([value], in: state)
    case .update: try writer.update([value], in: state)
    case .delete: try writer.delete([(value.id, try SQLValue(swiftValue: value.id))], in: state)
    }
  }
}
