extension Entity {
  /// This declaration, with the model a member of a ``ModelFamily``: its identifier is then
  /// unique across the family (an insert or upsert of an identifier another member's table
  /// holds fails with a constraint violation), and ``SQLiteFamilyRepository`` fetches it with
  /// the other members. The model keeps its own table and everything a model has.
  ///
  /// <!-- snippet context: tripstore -->
  /// ```swift
  /// let entity = Entity<BusinessTrip>(table: "business_trips", indexes: [\.startDate]).member(of: TripFamily.self)
  /// ```
  public func member<Family: ModelFamily>(of family: Family.Type) -> Entity {
    var entity = self
    entity.family = Family.name
    return entity
  }
}
