/// Remembers the member names written to each open JSON object during one encoding, so that
/// a key encoded twice into the same object is noticed.
///
/// Foundation's `JSONEncoder` keeps the last value for such a key, while a streaming writer
/// would emit the key twice, which readers (Foundation's `JSONDecoder`, SQLite) resolve to
/// the first. The ledger is an open-addressing hash table of (object, key bytes) entries; an
/// entry is live only in the call that made it, so nothing is cleared between calls.
struct JSONKeyLedger {
  /// One recorded member name: where its bytes are in the output, and which object has it.
  private struct Entry {
    var call: UInt32 = 0
    var object: UInt32 = 0
    var hash: UInt32 = 0
    var offset: UInt32 = 0
    var length: UInt32 = 0
  }

  private var entries = [Entry](repeating: Entry(), count: 64)
  private var call: UInt32 = 1
  private var live = 0

  /// Forgets every key, in constant time, before a new encoding.
  mutating func reset() {
    call &+= 1
    live = 0
    if call == 0 {
      // After 2³² calls the stamps wrap around; only then is the table cleared.
      for index in entries.indices { entries[index] = Entry() }
      call = 1
    }
  }

  /// Records that object `object` has the member whose name is `bytes[offset..<offset+length]`.
  ///
  /// - Returns: `false` if the object already had a member of that name.
  mutating func insert(object: UInt32, offset: Int, length: Int, in bytes: [UInt8]) -> Bool {
    if (live + 1) * 2 > entries.count { grow(bytes) }
    let hash = Self.hash(object: object, offset: offset, length: length, in: bytes)
    let mask = entries.count - 1
    var index = Int(hash) & mask
    while entries[index].call == call {
      let entry = entries[index]
      if entry.hash == hash, entry.object == object, entry.length == length,
        Self.equal(Int(entry.offset), offset, length: length, in: bytes)
      {
        return false
      }
      index = (index + 1) & mask
    }
    entries[index] = Entry(
      call: call, object: object, hash: hash, offset: UInt32(truncatingIfNeeded: offset),
      length: UInt32(truncatingIfNeeded: length))
    live += 1
    return true
  }

  /// Doubles the table, moving over the entries of the current call.
  private mutating func grow(_ bytes: [UInt8]) {
    let old = entries
    entries = [Entry](repeating: Entry(), count: old.count * 2)
    let mask = entries.count - 1
    for entry in old where entry.call == call {
      var index = Int(entry.hash) & mask
      while entries[index].call == call { index = (index + 1) & mask }
      entries[index] = entry
    }
  }

  /// FNV-1a over the name's bytes, mixed with the object's number.
  private static func hash(object: UInt32, offset: Int, length: Int, in bytes: [UInt8]) -> UInt32 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ (UInt64(object) &* 0x9E37_79B9_7F4A_7C15)
    bytes.withUnsafeBufferPointer { buffer in
      for byte in buffer[offset..<offset + length] {
        hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
      }
    }
    return UInt32(truncatingIfNeeded: hash ^ hash >> 32)
  }

  /// Whether two ranges of `bytes`, both `length` long, hold the same bytes.
  private static func equal(_ first: Int, _ second: Int, length: Int, in bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      buffer[first..<first + length].elementsEqual(buffer[second..<second + length])
    }
  }
}
