import SQLValues

/// How one model type is stored, declared beside the engine rather than on the entity.
///
/// Without a declaration a model is stored in a table named after its type, one column per
/// coding key. A declaration refines that, with key paths checked when the container opens:
///
/// <!-- snippet context: storage -->
/// ```swift
/// extension Movie: PersistentModel {
///   public static let entity = Entity<Movie>(
///     table: "movies",
///     indexes: [Entity.Index(\.date), Entity.Index(\.rate, descending: true)],
///     unique: [Entity.Unique(\.title, \.date)])
/// }
/// ```
///
/// Text attributes declared `searchable` get a substring index (SQLite's FTS5 with its trigram
/// tokenizer), kept in step with every write; a predicate's `contains` on one of them with a
/// captured needle of three characters or more is narrowed by it instead of reading every row,
/// and still answers exactly as Swift's `contains`:
///
/// <!-- snippet context: storage -->
/// ```swift
/// extension Movie: PersistentModel {
///   public static let entity = Entity<Movie>(table: "movies", searchable: [\.title, \.content])
/// }
/// ```
///
/// Properties left out of a model's `CodingKeys` are transient: never stored, never read.
public struct Entity<Model>: Sendable {
  /// An index on one attribute or several, like SwiftData's `#Index`.
  public struct Index: Sendable {
    let description: IndexDescription

    /// Declares an index on attributes, most significant first, in one direction.
    public init(_ keyPaths: PartialKeyPath<Model>..., descending: Bool = false) {
      description = IndexDescription(
        columns: keyPaths.map(KeyPathName.column(of:)), descending: keyPaths.map { _ in descending })
    }
  }

  /// Attributes whose values, together, no two models may share, like SwiftData's `#Unique`.
  ///
  /// A plain `insert` of a model that would break the rule fails naming it; `upsert` updates
  /// the model that has the same values instead.
  public struct Unique: Sendable {
    let description: IndexDescription

    /// Declares that no two models may have the same values for all these attributes.
    public init(_ keyPaths: PartialKeyPath<Model>...) {
      description = IndexDescription(columns: keyPaths.map(KeyPathName.column(of:)), isUnique: true)
    }
  }

  /// The value a migration gives the rows already stored for an attribute that is new in this
  /// version: `Entity.Default(\.hearts, 0)`. An optional attribute needs none; its rows get `nil`.
  public struct Default: Sendable {
    let column: String
    let value: Result<SQLValue, PersistenceError>

    /// Declares the default of an attribute.
    public init<Value: Sendable>(_ keyPath: KeyPath<Model, Value>, _ value: Value) {
      column = KeyPathName.column(of: keyPath)
      self.value = Result { () throws(PersistenceError) in try SQLValue(swiftValue: value) }
    }
  }

  /// A reference from this model to another, like SwiftData's `@Relationship`.
  public struct Relationship: Sendable {
    let foreignKey: ForeignKeyDescription

    /// Declares that an attribute holds the identifier of a `Parent`, and what deleting that
    /// parent does to this model.
    ///
    /// <!-- snippet context: movies -->
    /// ```swift
    /// let reviews = Entity<Review>(relationships: [.belongsTo(\.movieID, Movie.self, deleteRule: .cascade)])
    /// ```
    public static func belongsTo<Parent: PersistentModel>(
      _ keyPath: PartialKeyPath<Model>, _ parent: Parent.Type, deleteRule: DeleteRule
    ) -> Relationship {
      Relationship(
        foreignKey: ForeignKeyDescription(
          column: KeyPathName.column(of: keyPath), parentTable: Parent.entity.tableName ?? "\(Parent.self)",
          parentKey: Parent.entity.primaryKey ?? TableSchema.defaultPrimaryKey, deleteRule: deleteRule))
    }
  }

  /// That an attribute used to be stored under another name, like SwiftData's
  /// `@Attribute(originalName:)`; migrations rename the column, and until then opening an
  /// older store fails saying so.
  public struct Rename: Sendable {
    let column: String
    let originalName: String

    /// Declares that the attribute at `keyPath` was stored as `originalName`.
    public init(_ keyPath: PartialKeyPath<Model>, from originalName: String) {
      column = KeyPathName.column(of: keyPath)
      self.originalName = originalName
    }
  }

  /// The table name, or `nil` for the type's name.
  package let tableName: String?
  /// The indexes, as column names resolved from key paths; unique ones included.
  package let indexes: [IndexDescription]
  /// The `Data` and `[Data]` attributes kept as files beside the store.
  package let externalStorage: [String]
  /// The attributes stored as JSON text, whatever their type.
  package let codable: [String]
  /// The references to other models.
  package let foreignKeys: [ForeignKeyDescription]
  /// Earlier column names of renamed attributes, by current name.
  package let originalNames: [String: String]
  /// The primary-key attribute, or `nil` for `id`.
  package let primaryKey: String?
  /// The values a migration gives existing rows for new attributes.
  let defaults: [Default]
  /// The text attributes with a substring index, in declaration order.
  package let searchable: [String]
  /// The attributes whose values the history keeps when a model is deleted, in declaration order.
  package let preservedOnDeletion: [String]
  /// The name of the ``ModelFamily`` the model is a member of, or `nil` (see ``member(of:)``).
  package var family: String?

  /// Declares a model's table name, indexes, unique attributes, references to other models
  /// (`relationships`), renamed attributes, the primary key (an attribute that holds the
  /// model's `id`, when `id` itself is computed), the `Data` or `[Data]`
  /// attributes kept as files beside the store (like SwiftData's `.externalStorage`), and the
  /// attributes stored as JSON text whatever their type (like SwiftData's `.codable`); queries
  /// still compare scalar values inside it, through SQLite's JSON functions. `defaults` are
  /// what a migration gives stored rows for attributes new in this version. `searchable` text
  /// attributes (`String` or `String?`) get a substring index that `contains` in a predicate uses.
  /// `preservedOnDeletion` attributes keep their values in the history when a model is deleted
  /// (SwiftData's `.preserveValueOnDeletion`): ``HistoryChange/preservedValue(_:)`` reads them.
  public init(
    table: String? = nil, indexes: [Index] = [], unique: [Unique] = [],
    externalStorage: [PartialKeyPath<Model>] = [], codable: [PartialKeyPath<Model>] = [],
    relationships: [Relationship] = [], renamed: [Rename] = [], defaults: [Default] = [],
    searchable: [PartialKeyPath<Model>] = [], preservedOnDeletion: [PartialKeyPath<Model>] = [],
    primaryKey: PartialKeyPath<Model>? = nil
  ) {
    self.defaults = defaults
    self.preservedOnDeletion = preservedOnDeletion.map(KeyPathName.column(of:))
    self.searchable = searchable.map(KeyPathName.column(of:))
    self.tableName = table
    self.primaryKey = primaryKey.map(KeyPathName.column(of:))
    self.originalNames = Dictionary(renamed.map { ($0.column, $0.originalName) }, uniquingKeysWith: { $1 })
    self.foreignKeys = relationships.map(\.foreignKey)
    // Each reference is indexed, so deletes of the parent and lookups by parent stay fast; an
    // index that starts with the reference's column serves already.
    let declared = indexes.map(\.description) + unique.map(\.description)
    self.indexes =
      declared
      + relationships.map(\.foreignKey.column)
      .filter { column in !declared.contains { $0.columns.first == column } }
      .map { IndexDescription(columns: [$0]) }
    self.externalStorage = externalStorage.map(KeyPathName.column(of:))
    self.codable = codable.map(KeyPathName.column(of:))
  }

  /// Declares a model's table name and single-attribute indexes.
  public init(table: String? = nil, indexes: [PartialKeyPath<Model>]) {
    self.init(table: table, indexes: indexes.map { Index($0) }, unique: [])
  }
}
