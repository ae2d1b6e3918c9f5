/// One row changed by a transaction: SwiftData's `HistoryInsert`, `HistoryUpdate` and
/// `HistoryDelete` in one value, told apart by ``kind``.
///
/// An update names the attributes whose stored values it changed (``updatedAttributes``); a
/// delete carries the values its model declared to keep (``preservedValues``, from
/// `Entity(preservedOnDeletion:)`, SwiftData's `.preserveValueOnDeletion`).
///
/// <!-- snippet context: movies -->
/// ```swift
/// for change in try container.fetchHistory(HistoryDescriptor()).flatMap(\.changes) {
///   switch change.kind {
///   case .insert: print("added", change.id)
///   case .update: print("changed", change.updatedAttributes.sorted(), "of", change.id)
///   case .delete: print("deleted", try change.preservedValue(\Movie.title) ?? change.id)
///   }
/// }
/// ```
public struct HistoryChange: Sendable, Hashable {
  /// The model type's name, such as `Movie`.
  public let model: String
  /// The model's identifier, as text (a UUID in its usual form).
  public let id: String
  /// Whether the row was inserted, updated or deleted.
  public let kind: PendingChange.Kind
  /// For an update, the attributes (coding keys) whose stored values it changed; a reference a
  /// delete nullified names its attribute. Empty for inserts and deletes, and for updates
  /// recorded by a store from before the history kept them. An attribute stored in external
  /// files counts as changed whenever it is written.
  public let updatedAttributes: Set<String>
  /// For a delete, the values of the attributes the model preserves on deletion, by attribute,
  /// as SQLite stored them; empty otherwise.
  public let preservedValues: [String: HistoryValue]

  /// A change, as a test or a sync peer would write it.
  public init(
    model: String, id: String, kind: PendingChange.Kind, updatedAttributes: Set<String> = [],
    preservedValues: [String: HistoryValue] = [:]
  ) {
    self.model = model
    self.id = id
    self.kind = kind
    self.updatedAttributes = updatedAttributes
    self.preservedValues = preservedValues
  }

  /// Whether this change is an update of a `Model` that changed the attribute at `keyPath`.
  public func updates<Model: PersistentModel>(_ keyPath: PartialKeyPath<Model>) -> Bool {
    model == "\(Model.self)" && updatedAttributes.contains(KeyPathName.column(of: keyPath))
  }

  /// The value a deleted `Model` preserved for the attribute at `keyPath`, typed; `nil` when this
  /// change is not the delete of a `Model` or the attribute is not preserved (an optional
  /// attribute that was `nil` comes back as `.some(nil)`).
  ///
  /// - Throws: ``PersistenceError/invalidValue(_:)`` if the preserved value is not a `Value`.
  public func preservedValue<Model: PersistentModel, Value: Decodable>(
    _ keyPath: KeyPath<Model, Value>
  ) throws(PersistenceError) -> Value? {
    guard model == "\(Model.self)", let value = preservedValues[KeyPathName.column(of: keyPath)] else { return nil }
    return try ScalarDecoder.decode(Value.self, from: value.sqlValue)
  }
}
