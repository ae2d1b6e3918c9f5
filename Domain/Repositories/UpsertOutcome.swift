/// What a batch upsert (``RepositoryTransaction/upsert(_:)->_``) did with one
/// of its rows.
public enum UpsertOutcome<ID: Hashable & Sendable>: Sendable, Hashable {
  /// The row's model was stored as a new model with this identifier.
  case inserted(ID)
  /// The row changed the stored model with this identifier.
  case updated(ID)
  /// The row matched the stored model with this identifier, which already had the values it
  /// writes: nothing was written.
  case unchanged(ID)
  /// Nothing was written: an earlier row of the same transaction, named by its `origin`, wrote
  /// the stored model with this identifier, which this row also matches (or whose unique values
  /// it repeats).
  case repeated(ID, origin: Int)
  /// Nothing was written: storing the row would give it the same values for a unique key as the
  /// stored model with this identifier, which no earlier row of the transaction wrote.
  case conflict(with: ID)

  /// The identifier of the stored model the row wrote, or `nil` when it wrote nothing: repeated or
  /// in conflict.
  public var written: ID? {
    switch self {
    case .inserted(let id), .updated(let id), .unchanged(let id): id
    case .repeated, .conflict: nil
    }
  }
}
