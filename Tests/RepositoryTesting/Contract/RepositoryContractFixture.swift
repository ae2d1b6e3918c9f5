/// What the generic ``RepositoryContract`` needs to know of a model: how to make valid ones,
/// how to change one, an attribute to query on, its keys, and its edge values; optionally, two
/// `Bool` attributes to sort by and checks of the model's own.
///
/// Write one per model, in the tests; the contract runs every check with it against each
/// repository implementation. ``PlanetFixture`` is the kit's own.
///
/// <!-- snippet context: kit -->
/// ```swift
/// struct Book: Hashable, Identifiable, Sendable {
///   var id: UUID
///   var title: String
///   var year: Int
///   var isbn: String
/// }
///
/// struct BookFixture: RepositoryContractFixture {
///   let keys = ModelKeys<Book>(id: \.id, unique: [UniqueKey(\.isbn)])
///   let attribute: any KeyPath<Book, Int> & Sendable = \.year
///   let edgeCases = [Book(id: UUID(fixture: 200), title: "Nul\u{0}%_\\", year: .min, isbn: "edge")]
///
///   func model(_ number: Int, using generator: inout SplitMix64) -> Book {
///     Book(
///       id: UUID(fixture: UInt8(number)), title: "Book \(number)",
///       year: Int.random(in: 1900...1910, using: &generator), isbn: "isbn-\(number)")
///   }
///
///   func changing(_ book: Book) -> Book {
///     var changed = book
///     changed.title += " (revised)"
///     return changed
///   }
/// }
/// ```
public protocol RepositoryContractFixture<Model>: Sendable {
  /// The model the repositories under test store.
  associatedtype Model: Identifiable & Hashable & Sendable where Model.ID: Sendable
  /// The type of ``attribute``.
  associatedtype Attribute: Comparable & Hashable & Codable & Sendable

  /// The model's identifier and the unique keys its storage declares (its `Entity.Unique`s).
  var keys: ModelKeys<Model> { get }

  /// A stored, non-optional attribute the checks filter, sort, page and aggregate on. Values
  /// that repeat among the models make the checks of ties meaningful.
  var attribute: any KeyPath<Model, Attribute> & Sendable { get }

  /// Valid models whose values are at the edges of what a store must keep exactly (text with
  /// NUL, `%`, `_` and `\`, extreme integers, dates with sub-second precision, empty data), with
  /// distinct identifiers and unique values, none equal to a model ``model(_:using:)`` makes.
  var edgeCases: [Model] { get }

  /// Makes the valid model numbered `number` (0 or more): its identifier and its values of
  /// every unique key differ from those of every other number's model. The same number and a
  /// generator in the same state make the same model; the contract seeds the generator.
  func model(_ number: Int, using generator: inout SplitMix64) -> Model

  /// Returns `model` with the same identifier and unique values, and a different value of
  /// some other stored attribute.
  func changing(_ model: Model) -> Model

  /// A `Bool` and an optional `Bool` attribute for the checks of sorting by them, or `nil`
  /// (the default) to leave those checks out.
  var boolAttributes: BoolAttributes<Model>? { get }

  /// Checks of this model's own, run after the contract's through the same entry point: the
  /// attributes only this model has (text search, images, partial updates). None by default.
  var additionalChecks: [RepositoryContract<Self>.Check] { get }
}

extension RepositoryContractFixture {
  /// No `Bool` attributes: the checks of sorting by them are left out.
  public var boolAttributes: BoolAttributes<Model>? { nil }

  /// No checks beyond the contract's.
  public var additionalChecks: [RepositoryContract<Self>.Check] { [] }
}
