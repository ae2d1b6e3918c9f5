import Foundation
public import Repositories

/// A family of in-memory repositories read as one, as `SQLiteFamilyRepository` reads a family's
/// tables: every member's models, filtered, sorted and paged by a descriptor on the attributes
/// they share.
///
/// Each model's shared attributes are what `Shared` decodes from the model's encoding, as the
/// SQLite family reads the columns of the same names; the descriptor then runs on them in an
/// ``InMemoryRepository``, so it means what it means there. Unsorted, members come in the order
/// given, each one's models in insertion order.
///
/// <!-- snippet context: kit -->
/// ```swift
/// struct Body: Decodable, Identifiable, Sendable {
///   var id: UUID
///   var name: String
/// }
/// let bodies = InMemoryFamilyRepository<Body, any Sendable>([.member(planets) { $0 }, .member(moons) { $0 }])
/// let byName = try await bodies.fetch(FetchDescriptor(sortBy: [SortDescriptor(\.name)]))
/// ```
public struct InMemoryFamilyRepository<Shared, Member>: FamilyRepository
where Shared: Decodable & Identifiable & Sendable, Shared.ID: Sendable, Member: Sendable {
  /// One member of the family: its repository, and how its models become `Member`s.
  public struct Part: Sendable {
    let models: @Sendable () throws -> [(shared: Shared, member: Member)]

    /// A member whose models `repository` holds, each wrapped by `wrap`.
    public static func member<Model: Encodable>(
      _ repository: InMemoryRepository<Model>, _ wrap: @escaping @Sendable (Model) -> Member
    ) -> Part {
      Part {
        try repository.storedModels.map { model in
          (try JSONDecoder().decode(Shared.self, from: try JSONEncoder().encode(model)), wrap(model))
        }
      }
    }
  }

  private let parts: [Part]

  /// A family of the given members, in their order.
  public init(_ parts: [Part]) { self.parts = parts }

  /// Returns every member's models that a descriptor on the shared attributes matches, in
  /// its order.
  ///
  /// - Throws: `RepositoryError/constraintViolation(_:)` if two members hold one identifier.
  public func fetch(_ descriptor: FetchDescriptor<Shared>) async throws -> [Member] {
    let (shared, members) = try models()
    let ids = try await shared.fetchIdentifiers(descriptor)
    return ids.compactMap { members[$0] }
  }

  /// Returns how many of every member's models a descriptor on the shared attributes matches.
  ///
  /// - Throws: as ``fetch(_:)`` does.
  public func fetchCount(_ descriptor: FetchDescriptor<Shared>) async throws -> Int {
    try await models().shared.fetchCount(descriptor)
  }

  /// The shared attributes of every model, in a repository of their own, and the models by id.
  private func models() throws -> (shared: InMemoryRepository<Shared>, members: [Shared.ID: Member]) {
    let all = try parts.flatMap { try $0.models() }
    var members: [Shared.ID: Member] = [:]
    for (shared, member) in all {
      guard members.updateValue(member, forKey: shared.id) == nil else {
        throw RepositoryError.constraintViolation("two members of the family hold the identifier \(shared.id)")
      }
    }
    return (try InMemoryRepository(all.map(\.shared)), members)
  }
}
