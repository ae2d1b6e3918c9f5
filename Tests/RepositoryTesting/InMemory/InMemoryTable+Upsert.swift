import Repositories

/// How an ``InMemoryTable`` runs a batch upsert, with the outcomes the SQLite engine reports.
extension InMemoryTable {
  /// Writes each row as `RepositoryTransaction.upsert(_:)` says, and returns what became of it;
  /// `written` holds the identifier of every model the transaction's upserts wrote, with the
  /// origin of the row that wrote it. Checks everything before it changes anything.
  ///
  /// - Throws: `RepositoryError.unsupportedQuery` for a property that is not writable.
  mutating func upsert(
    _ upserts: [Upsert<Model>], written: inout [Model.ID: Int]
  ) throws(RepositoryError) -> [UpsertOutcome<Model.ID>] {
    var changed = self
    var writtenNow = written
    let outcomes = try upserts.map { (row) throws(RepositoryError) in try changed.upsert(row, written: &writtenNow) }
    self = changed
    written = writtenNow
    return outcomes
  }

  private mutating func upsert(
    _ row: Upsert<Model>, written: inout [Model.ID: Int]
  ) throws(RepositoryError) -> UpsertOutcome<Model.ID> {
    let id = row.model.id
    let target: Model.ID? =
      switch row.match {
      case .identifier: rows[id] != nil ? id : nil
      case .identifierOrUniqueKey: rows[id] != nil ? id : matchingUniqueValues(of: row.model)
      }
    if let origin = written[target ?? id] { return .repeated(target ?? id, origin: origin) }
    guard let target, let stored = rows[target]?.model else {
      if let outcome = clash(row.model, excluding: id, written: written) { return outcome }
      append(row.model)
      written[id] = row.origin
      return .inserted(id)
    }
    let new = try Self.applying(row, to: stored, storedAs: target, keys: keys)
    if let outcome = clash(new, excluding: target, written: written) { return outcome }
    written[target] = row.origin
    if Self.same(new, stored, at: row.properties) { return .unchanged(target) }
    replace(target, with: new)
    return .updated(target)
  }

  /// The stored model other than `excluded` whose values for a unique key `model` repeats:
  /// a repeat when an upsert of the transaction wrote it, else a conflict.
  private func clash(_ model: Model, excluding excluded: Model.ID, written: [Model.ID: Int]) -> UpsertOutcome<Model.ID>?
  {
    guard let holder = holder(sharingAKeyWith: model, excluding: excluded) else { return nil }
    return written[holder].map { .repeated(holder, origin: $0) } ?? .conflict(with: holder)
  }

  /// The stored model with the row's properties written into it (all of them when `nil`),
  /// keeping its identifier.
  private static func applying(
    _ row: Upsert<Model>, to stored: Model, storedAs id: Model.ID, keys: ModelKeys<Model>?
  ) throws(RepositoryError) -> Model {
    guard let properties = row.properties else {
      guard row.model.id != id else { return row.model }
      guard let keys else { throw .unsupportedQuery("an upsert by unique key needs the model's declared keys") }
      return keys.model(row.model, withID: id)
    }
    var model: Any = stored
    for property in properties {
      guard let writable = property as? any PropertyCopying, writable.copy(from: row.model, into: &model) else {
        throw .unsupportedQuery("cannot upsert \(property): it is not a writable property")
      }
    }
    // Each copy keeps the value a `Model`.
    guard let model = model as? Model else { return stored }
    return model
  }

  /// Whether an update changes nothing: every written property (the whole model when `nil`)
  /// equal, as far as their types are `Equatable` (a value that is not counts as changed).
  private static func same(
    _ new: Model, _ stored: Model, at properties: [any PartialKeyPath<Model> & Sendable]?
  ) -> Bool {
    guard let properties else { return equal(new, stored) }
    return properties.allSatisfy {
      equal(new[keyPath: $0 as AnyKeyPath] as Any, stored[keyPath: $0 as AnyKeyPath] as Any)
    }
  }

  private static func equal(_ lhs: Any, _ rhs: Any) -> Bool {
    guard let lhs = lhs as? any Equatable else { return false }
    func compare<Value: Equatable>(_ lhs: Value) -> Bool { (rhs as? Value) == lhs }
    return compare(lhs)
  }
}

/// A writable key path whose value can be copied between two values of its root type, known
/// only as `Any`: how an in-memory upsert writes properties given as partial key paths.
protocol PropertyCopying {
  /// Copies the property from `source` into `target`; `false` if either is not of its root type.
  func copy(from source: Any, into target: inout Any) -> Bool
}

extension WritableKeyPath: PropertyCopying {
  func copy(from source: Any, into target: inout Any) -> Bool {
    guard let source = source as? Root, var copy = target as? Root else { return false }
    copy[keyPath: self] = source[keyPath: self]
    target = copy
    return true
  }
}
