/// Gathers output text and hands it on in chunks of about 64 KiB, so a long listing is written
/// in few calls and never held whole.
final class OutputBuffer {
  private let write: (String) throws -> Void
  private var pending = ""
  private static let chunk = 64 * 1024

  /// Creates a buffer that passes its text to `write`.
  init(_ write: @escaping (String) throws -> Void) {
    self.write = write
    pending.reserveCapacity(Self.chunk)
  }

  /// Adds text, passing on what has gathered once it reaches a chunk.
  func append(_ text: String) throws {
    pending += text
    if pending.utf8.count >= Self.chunk { try flush() }
  }

  /// Passes on what has gathered.
  func flush() throws {
    guard !pending.isEmpty else { return }
    try write(pending)
    pending.removeAll(keepingCapacity: true)
  }
}
