import Foundation

/// How many models of one type a store holds, and a checksum of all their values that does
/// not depend on the order they are read in: two stores that hold the same models have the
/// same digest, and a model missing, doubled or with one value changed changes it.
///
/// Each model is hashed through its canonical encoding — JSON with sorted keys, every stored
/// property included (images as their bytes) — and the hashes are summed, so the order of
/// reading does not count but a model read twice does.
struct ModelDigest: Equatable, Sendable, CustomStringConvertible {
  /// How many models were added.
  private(set) var count = 0
  /// The wrapping sum of the models' hashes.
  private(set) var checksum: UInt64 = 0

  /// The encoder of the canonical form: sorted keys, so that two encodings of equal values
  /// are the same bytes.
  private static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

  /// Adds a model and returns the length of its canonical encoding, a measure of its size.
  ///
  /// - Throws: `EncodingError` if the model cannot be encoded.
  @discardableResult
  mutating func add(_ model: some Encodable) throws -> Int {
    let bytes = try Self.encoder.encode(model)
    count += 1
    checksum &+= Self.mixed(Self.fnv1a(bytes))
    return bytes.count
  }

  /// The count and the checksum in hexadecimal, as the output shows them.
  var description: String {
    let hex = String(checksum, radix: 16)
    return "\(count) (checksum \(String(repeating: "0", count: 16 - hex.count) + hex))"
  }

  /// The 64-bit FNV-1a hash of some bytes.
  private static func fnv1a(_ bytes: Data) -> UInt64 {
    bytes.withUnsafeBytes { buffer in
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in buffer { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
      return hash
    }
  }

  /// A hash with its bits spread (SplitMix64's finalizer), so that sums of hashes of similar
  /// encodings do not cancel out.
  private static func mixed(_ value: UInt64) -> UInt64 {
    var z = value &+ 0x9e37_79b9_7f4a_7c15
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }
}
