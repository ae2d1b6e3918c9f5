/// A short, stable fingerprint of a text: 16 hexadecimal digits of its 64-bit FNV-1a hash, the
/// same on every machine and run (unlike Swift's `hashValue`).
package enum Fingerprint {
  /// The fingerprint of a text's UTF-8 bytes.
  package static func hex(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
