/// The changes of models a ``ModelContext`` has staged: one for each model (its type and
/// identifier), in the order each model was first staged, merged as they are staged again.
///
/// A value: a copy (``ModelContext/transaction(_:)`` keeps one to restore) is not changed by
/// staging into the original; the staged models it shares with it are immutable.
struct StagedChanges: Sendable {
  /// Identifies a model across types: its type and its identifier, which the staged value holds.
  ///
  /// Neither hashing nor comparing goes through `AnyHashable`, whose comparison casts
  /// dynamically: keys of different types or hashes differ without looking at the identifiers,
  /// and those of one type compare them as what they are.
  struct Key: Hashable, Sendable {
    let model: any StagedModel
    let type: ObjectIdentifier
    let idHash: Int

    init(_ model: any StagedModel) {
      self.model = model
      type = model.modelType
      idHash = model.idHash
    }

    static func == (lhs: Key, rhs: Key) -> Bool {
      lhs.type == rhs.type && lhs.idHash == rhs.idHash && lhs.model.hasSameID(as: rhs.model)
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(type)
      hasher.combine(idHash)
    }
  }

  /// The changes in the order their models were first staged; `nil` where a change was undone
  /// (a model inserted, then deleted).
  private var slots: [StagedChange?] = []
  /// Where each model's change is in ``slots``.
  private var positions: [Key: Int] = [:]

  /// Whether no change is staged.
  var isEmpty: Bool { positions.isEmpty }

  /// The staged changes, in the order their models were first staged.
  var all: [StagedChange] { slots.compactMap { $0 } }

  /// Stages a change of a model: merged with the model's change staged before, if any (see
  /// ``StagedChange/merged(with:)``); a change that undoes the one before forgets the model,
  /// so that staging it once more puts it last.
  mutating func stage(_ change: StagedChange) {
    let key = Key(change.model)
    guard let position = positions[key], let previous = slots[position] else {
      positions[key] = slots.count
      slots.append(change)
      return
    }
    // The key holds the value first staged: it goes, so as not to keep that value alive.
    positions[key] = nil
    if let merged = previous.merged(with: change) {
      slots[position] = merged
      positions[Key(merged.model)] = position
      return
    }
    slots[position] = nil
    // Models inserted and deleted again and again leave at most 16 more empty slots than
    // staged changes.
    if slots.count > 2 * positions.count + 16 { compact() }
  }

  /// Forgets every change.
  mutating func removeAll() {
    slots.removeAll()
    positions.removeAll()
  }

  /// Drops the undone changes' slots, keeping the order of the others.
  private mutating func compact() {
    var kept: [StagedChange?] = []
    kept.reserveCapacity(positions.count)
    var moved: [Key: Int] = [:]
    moved.reserveCapacity(positions.count)
    let byPosition = Dictionary(uniqueKeysWithValues: positions.map { ($0.value, $0.key) })
    for (position, change) in slots.enumerated() {
      guard let change, let key = byPosition[position] else { continue }
      moved[key] = kept.count
      kept.append(change)
    }
    (slots, positions) = (kept, moved)
  }
}
