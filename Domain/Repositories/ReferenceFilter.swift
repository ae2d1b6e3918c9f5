public import Foundation

/// A condition a ``FetchDescriptor`` keeps models by that looks at models of another type: the
/// models whose `key` is the `reference` of some `Referrer` that `predicate` keeps — a
/// semi-join, SQL's `key IN (SELECT reference FROM referrers WHERE …)`.
///
/// Add one with ``FetchDescriptor/keepReferenced(by:to:where:)``. A store answers it where it
/// keeps the referrers too (the same container, database or in-memory store), without reading
/// the matching references into memory; a store that cannot answer it throws
/// ``RepositoryError/unsupportedQuery(_:)`` rather than ignore it.
package protocol ReferenceFilter<Model>: Sendable {
  /// The model the descriptor fetches.
  associatedtype Model
  /// The model whose attribute refers to the fetched ones.
  associatedtype Referrer
  /// The type of the key and of the reference.
  associatedtype Value: Hashable & Sendable

  /// The fetched model's attribute a referrer's ``reference`` must equal.
  var key: any KeyPath<Model, Value> & Sendable { get }
  /// The referrer's attribute that holds a fetched model's ``key``.
  var reference: any KeyPath<Referrer, Value> & Sendable { get }
  /// The referrers that count; `nil` for all of them.
  var predicate: Predicate<Referrer>? { get }
}

/// A ``ReferenceFilter`` of known types.
struct Reference<Model, Referrer, Value: Hashable & Sendable>: ReferenceFilter {
  let key: any KeyPath<Model, Value> & Sendable
  let reference: any KeyPath<Referrer, Value> & Sendable
  let predicate: Predicate<Referrer>?
}

extension FetchDescriptor {
  /// Keeps only the models some model of another type refers to: those whose `key` equals the
  /// `reference` of a `Referrer` that `predicate` keeps (every referrer when it is `nil`).
  ///
  /// The store answers it in one query, however many referrers match, so a filter by a link
  /// model — the movies with a tag, through the links that join them — holds none of the
  /// matching keys in memory. Several such filters all apply. The referrers must live in the
  /// same store as the fetched models.
  ///
  /// <!-- snippet context: movies -->
  /// ```swift
  /// let tagID = UUID()
  /// var descriptor = FetchDescriptor<Movie>(sortBy: [SortDescriptor(\.date)])
  /// descriptor.keepReferenced(by: \Tagging.movieID, to: \Movie.id, where: #Predicate { $0.tagID == tagID })
  /// ```
  public mutating func keepReferenced<Referrer, Value: Hashable & Sendable>(
    by reference: any KeyPath<Referrer, Value> & Sendable, to key: any KeyPath<Model, Value> & Sendable,
    where predicate: Predicate<Referrer>? = nil
  ) {
    referenceFilters.append(Reference(key: key, reference: reference, predicate: predicate))
  }
}
