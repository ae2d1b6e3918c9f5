/// The columns the rows of a batch upsert set, by the properties each row lists, resolved once
/// per list: the same on every engine.
struct UpsertColumns {
  private let table: TableSchema
  private let modelName: String
  private var byProperties: [[AnyKeyPath]: [Int]] = [:]

  /// The columns of a model's table.
  init(of table: TableSchema, modelName: String) {
    self.table = table
    self.modelName = modelName
  }

  /// The columns, by index, that an update of `properties` sets: every one when `nil`; never
  /// the primary key.
  ///
  /// - Throws: ``PersistenceError/unsupportedQuery(_:)`` for a property that is not stored.
  mutating func columns(of properties: [AnyKeyPath]?) throws(PersistenceError) -> [Int] {
    guard let properties else { return table.columns.indices.filter { $0 != table.primaryKeyIndex } }
    if let columns = byProperties[properties] { return columns }
    var columns = Set<Int>()
    for path in properties {
      let name = KeyPathName.column(of: path)
      guard let index = table.columnIndex(named: name) else {
        throw .unsupportedQuery("cannot upsert \(modelName).\(name): it is not a stored attribute")
      }
      if index != table.primaryKeyIndex { columns.insert(index) }
    }
    let sorted = columns.sorted()
    byProperties[properties] = sorted
    return sorted
  }
}
