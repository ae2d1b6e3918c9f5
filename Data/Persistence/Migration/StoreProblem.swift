public import SQLValues

/// A damage ``StoreCheck`` found in a store, and the safe repair for it, if there is one.
public struct StoreProblem: Sendable, Equatable, CustomStringConvertible {
  /// What ``StoreCheck/repair(detachingMissingFiles:)`` can do about a problem. Each changes
  /// only what is the store's own, and none loses a value a row still holds.
  public enum Repair: Sendable, Equatable {
    /// Sets the header's file format versions (bytes 18 and 19) to 2, write-ahead logging.
    case resetHeaderVersions
    /// Removes the external files the store's manifest lists and no row names.
    case removeUnreferencedFiles
    /// Makes a file (0600) or folder (0700) private to its owner.
    case makePrivate(path: String, mode: UInt16)
    /// Drops a missing file's name from the list of files its row names: done only when asked,
    /// since the row then no longer says the file existed.
    case detachMissingFile(table: String, column: String, key: SQLValue, name: String)
  }

  /// The problem, in words.
  public let description: String
  /// The safe repair, or `nil` when there is none to make without the user.
  public let repair: Repair?

  /// Creates a problem.
  public init(_ description: String, repair: Repair? = nil) {
    self.description = description
    self.repair = repair
  }
}
