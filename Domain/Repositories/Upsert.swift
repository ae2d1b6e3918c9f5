/// One row of a batch upsert (``RepositoryTransaction/upsert(_:)->_``): a
/// model, how to find the stored model it changes, and which of its properties an update writes.
///
/// A row that matches no stored model inserts its whole model. A row that matches one writes
/// only ``properties`` into it and keeps every other stored value, so an import that has only
/// some fields never blanks the others:
///
/// <!-- snippet context: movies -->
/// ```swift
/// let row = Upsert(movie, matching: .identifierOrUniqueKey, properties: [\.title, \.date, \.rate], origin: 12)
/// ```
public struct Upsert<Model: Identifiable & Sendable>: Sendable where Model.ID: Sendable {
  /// How a row finds the stored model it changes.
  public enum Match: Sendable, Hashable {
    /// The stored model with the row's identifier. A stored model of another identifier with
    /// the same values for a unique key is a conflict (``UpsertOutcome/conflict(with:)``).
    case identifier
    /// The stored model with the row's identifier, or else the one with the same values for one
    /// of the model's unique keys, which keeps its own identifier. The row's identifier is used
    /// only when the row is inserted.
    case identifierOrUniqueKey
  }

  /// The values to store.
  public var model: Model
  /// How the row finds the stored model it changes.
  public var match: Match
  /// The properties an update writes; `nil` writes every property, and an
  /// empty list writes nothing (the row then only finds or inserts its model). An insert always
  /// stores the whole model.
  public var properties: [any PartialKeyPath<Model> & Sendable]?
  /// The caller's name for the row, such as the line of a file it was read from: a later row of
  /// the same transaction that repeats this one is reported with it
  /// (``UpsertOutcome/repeated(_:origin:)``).
  public var origin: Int

  /// Creates a row of an upsert.
  public init(
    _ model: Model, matching match: Match = .identifier, properties: [any PartialKeyPath<Model> & Sendable]? = nil,
    origin: Int = 0
  ) {
    self.model = model
    self.match = match
    self.properties = properties
    self.origin = origin
  }
}
