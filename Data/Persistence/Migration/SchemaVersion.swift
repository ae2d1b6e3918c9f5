extension Schema {
  /// A schema's version, as SwiftData writes it: `Schema.Version(1, 0, 0)`.
  public struct Version: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The major number.
    public let major: Int
    /// The minor number.
    public let minor: Int
    /// The patch number.
    public let patch: Int

    /// Creates a version.
    public init(_ major: Int, _ minor: Int, _ patch: Int) {
      self.major = major
      self.minor = minor
      self.patch = patch
    }

    /// Reads `1.2.3`, as ``description`` writes it.
    public init?(_ text: String) {
      let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
      guard parts.count == 3, let major = parts[0], let minor = parts[1], let patch = parts[2] else { return nil }
      self.init(major, minor, patch)
    }

    /// `1.2.3`.
    public var description: String { "\(major).\(minor).\(patch)" }

    /// Orders versions by major, then minor, then patch number.
    public static func < (lhs: Version, rhs: Version) -> Bool {
      (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }
  }
}
