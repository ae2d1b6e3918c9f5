/// The columns the rows of a batch upsert set, by the properties each row lists, resolved once
/// per list: the same on every engine.
///
/// Rows usually share one list (an import's rows with the same fields): the list of the row
/// before is kept, and a row whose list is the same array — the same storage, which the kept
/// copy holds alive — takes its columns without hashing key paths.
struct UpsertColumns<Model> {
  private let table: TableSchema
  private let modelName: String
  private var byProperties: [[AnyKeyPath]: [Int]] = [:]
  /// Every column but the primary key: what a row without a list of properties sets.
  private let everyColumn: [Int]
  /// The list of the last row resolved, and its columns.
  private var last: (properties: [any PartialKeyPath<Model> & Sendable], columns: [Int])?

  /// The columns of a model's table.
  init(of table: TableSchema, modelName: String) {
    self.table = table
    self.modelName = modelName
    everyColumn = table.columns.indices.filter { $0 != table.primaryKeyIndex }
  }

  /// The columns, by index, that an update of `properties` sets: every one when `nil`; never
  /// the primary key.
  ///
  /// - Throws: ``PersistenceError/unsupportedQuery(_:)`` for a property that is not stored.
  mutating func columns(of properties: [any PartialKeyPath<Model> & Sendable]?) throws(PersistenceError) -> [Int] {
    guard let properties else { return everyColumn }
    if let last, Self.shareStorage(last.properties, properties) { return last.columns }
    let columns = try columns(of: properties.map { $0 as AnyKeyPath })
    last = (properties, columns)
    return columns
  }

  /// Whether two arrays are one storage: then they hold the same key paths.
  private static func shareStorage(
    _ lhs: [any PartialKeyPath<Model> & Sendable], _ rhs: [any PartialKeyPath<Model> & Sendable]
  ) -> Bool {
    lhs.count == rhs.count
      && lhs.withUnsafeBufferPointer { left in rhs.withUnsafeBufferPointer { left.baseAddress == $0.baseAddress } }
  }

  private mutating func columns(of properties: [AnyKeyPath]) throws(PersistenceError) -> [Int] {
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
