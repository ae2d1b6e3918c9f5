/// A value to bind without a copy: text and blobs name a range of a caller's byte buffer.
///
/// ``Statement/step(binding:in:reading:)`` binds such values, which stay valid only while the
/// statement steps; it is the fast path for writing rows, one buffer reused row after row.
package enum BorrowedValue {
  /// `NULL`.
  case null
  /// A 64-bit signed integer.
  case integer(Int64)
  /// An 8-byte floating-point number.
  case real(Double)
  /// UTF-8 text: `count` bytes of the buffer from `offset`.
  case text(offset: Int, count: Int)
  /// Bytes: `count` bytes of the buffer from `offset`; a zero count is an empty blob, not `NULL`.
  case blob(offset: Int, count: Int)
}
