/// A model type that a ``ModelContainer`` can store.
///
/// Any `Codable`, `Sendable`, `Identifiable` value type qualifies; conform it in the Data
/// layer so the Domain entity stays a plain struct:
///
/// <!-- snippet context: storage -->
/// ```swift
/// extension Movie: PersistentModel {}
/// ```
///
/// Its schema is inferred from its `Codable` shape: one column per coding key, `id` the
/// primary key, nested `Codable` values as JSON. Provide ``entity`` to refine it.
public protocol PersistentModel: Codable, Sendable, Identifiable where ID: Codable & Sendable {
  /// How the model is stored; by default, inferred entirely.
  static var entity: Entity<Self> { get }
}

extension PersistentModel {
  /// The default declaration: a table named after the type, no indexes.
  public static var entity: Entity<Self> { Entity() }
}
