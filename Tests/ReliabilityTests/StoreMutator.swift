import Foundation
import RepositoryTesting
import TestSupport

/// Damages a store file's bytes the ways a disk, a bug or an attacker might: header fields,
/// bytes of a page, a whole page, truncation, garbage.
struct StoreMutator {
  /// The kinds of damage, one chosen at random per mutant.
  enum Damage: CaseIterable {
    case headerByte, headerField, pageBytes, wholePage, truncation, garbage
  }

  var random: SplitMix64

  mutating func int(_ range: Range<Int>) -> Int { Int.random(in: range, using: &random) }
  mutating func byte() -> UInt8 {
    let interesting: [UInt8] = [0, 1, 0x7F, 0x80, 0xFF, 2, 0x10]
    return Bool.random(using: &random)
      ? interesting[int(0..<interesting.count)] : UInt8.random(in: 0...255, using: &random)
  }

  /// A damaged copy of `store`, whose pages are `pageSize` bytes.
  mutating func mutate(_ store: Data, pageSize: Int) -> (Data, Damage) {
    var bytes = [UInt8](store)
    let damage = Damage.allCases[int(0..<Damage.allCases.count)]
    switch damage {
    case .headerByte:
      for _ in 0..<int(1..<4) { bytes[int(0..<100)] = byte() }
    case .headerField:
      // One of the big-endian fields of the 100-byte header (https://www.sqlite.org/fileformat.html).
      let fields = [
        (16, 2), (18, 1), (19, 1), (20, 1), (21, 3), (24, 4), (28, 4), (32, 4), (36, 4), (40, 4), (44, 4), (48, 4),
        (52, 4), (56, 4), (60, 4), (64, 4), (68, 4), (92, 4), (96, 4),
      ]
      let (offset, width) = fields[int(0..<fields.count)]
      let values: [UInt32] = [
        0, 1, 2, 3, 4, 0xFFFF, 0x1_0000, 0x7FFF_FFFF, 0xFFFF_FFFF, 512, 65_536, UInt32(bytes.count / pageSize + 1),
      ]
      let value =
        Bool.random(using: &random) ? values[int(0..<values.count)] : UInt32.random(in: 0...UInt32.max, using: &random)
      for index in 0..<width {
        bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(width - 1 - index)))
      }
    case .pageBytes:
      let page = int(0..<max(1, bytes.count / pageSize))
      for _ in 0..<int(1..<16) { bytes[min(bytes.count - 1, page * pageSize + int(0..<pageSize))] = byte() }
    case .wholePage:
      let page = int(0..<max(1, bytes.count / pageSize))
      for index in page * pageSize..<min(bytes.count, (page + 1) * pageSize) { bytes[index] = byte() }
    case .truncation:
      bytes.removeLast(
        bytes.count - (Bool.random(using: &random) ? int(0..<bytes.count / pageSize) * pageSize : int(0..<bytes.count)))
    case .garbage:
      let header = Array("SQLite format 3\u{0}".utf8)
      bytes = (0..<int(0..<3 * pageSize)).map { _ in UInt8.random(in: 0...255, using: &random) }
      if Bool.random(using: &random), bytes.count >= header.count {
        bytes.replaceSubrange(0..<header.count, with: header)
      }
    }
    return (Data(bytes), damage)
  }
}
