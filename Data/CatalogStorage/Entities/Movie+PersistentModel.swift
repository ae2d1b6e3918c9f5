public import Catalog
public import Foundation
public import Persistence

extension Movie: PersistentModel {
  /// Movies live in the `movies` table, indexed by the fields the catalog filters and sorts
  /// on; no two movies share both a title and a date; images are files beside the store; the
  /// title and description are searchable, for `list --search`; a deleted movie's title stays
  /// in the history, so `movies history` can say which movie went.
  public static let entity = Entity<Movie>(
    table: "movies",
    // (date, title, id) is `list`'s order, ties broken as the list breaks them, so SQLite reads
    // a page, however deep, from that index without sorting or reading the movies it skips. The
    // unique (title, date) index also serves lookups and sorts by title.
    indexes: [Entity.Index(\.date, \.title, \.id), Entity.Index(\.rate)],
    unique: [Entity.Unique(\.title, \.date)],
    externalStorage: [\.images],
    searchable: [\.title, \.content],
    preservedOnDeletion: [\.title])
}
