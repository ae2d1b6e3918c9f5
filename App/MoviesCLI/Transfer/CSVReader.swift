import Foundation

/// Reads CSV as RFC 4180 defines it, one record at a time: a header row, fields separated by
/// commas, quoted fields that may hold commas, doubled quotes and line breaks; UTF-8 with or
/// without a byte-order mark. Bytes that are not UTF-8 are reported, never replaced.
///
/// A record is read in bounded memory, whatever the file holds: a field past
/// ``ImportLimits/fieldBytes``, the fields past ``ImportLimits/rowBytes`` in all, and the fields
/// after the first ``ImportLimits/fieldsPerRow`` are counted, not kept.
struct CSVReader {
  /// One record and the line it starts on (1-based, the header being line 1).
  struct Record: Equatable {
    let line: Int
    let fields: [String]
    /// The first field that is not UTF-8, if any: its index, the line of its first bad byte
    /// and a description of that byte; the field itself is then empty.
    var undecodable: (field: Int, line: Int, byte: String)? = nil
    /// The first field past a limit, if any: its index and what it broke
    /// (``ImportLimits/fieldTooLong``); that field and the record's later ones are then empty.
    var oversized: (field: Int, reason: String)? = nil
    /// The fields past ``ImportLimits/fieldsPerRow``, counted and not kept.
    var extraFields = 0

    /// How many fields the record has, those not kept included.
    var fieldCount: Int { fields.count + extraFields }

    static func == (lhs: Record, rhs: Record) -> Bool {
      lhs.line == rhs.line && lhs.fields == rhs.fields && lhs.undecodable?.field == rhs.undecodable?.field
        && lhs.undecodable?.line == rhs.undecodable?.line && lhs.oversized?.field == rhs.oversized?.field
        && lhs.extraFields == rhs.extraFields
    }
  }

  /// A malformed or unreadable file, with the line where reading stopped.
  struct Failure: Error, Equatable, CustomStringConvertible {
    let line: Int
    let reason: String
    var description: String { "line \(line): \(reason)" }
  }

  private static let quote = UInt8(ascii: "\"")
  private static let comma = UInt8(ascii: ",")
  private static let carriageReturn = UInt8(ascii: "\r")
  private static let lineFeed = UInt8(ascii: "\n")

  private var stream: ByteStream
  private var line = 1
  private var field: [UInt8] = []
  /// The bytes of the field being read that were not kept.
  private var dropped = 0
  /// The bytes the record being read keeps.
  private var recordBytes = 0
  private var started = false

  /// Reads CSV from a stream; a leading UTF-8 byte-order mark is skipped.
  init(_ stream: ByteStream) {
    self.stream = stream
  }

  /// Reads CSV from bytes in memory.
  init(_ data: Data) {
    self.init(ByteStream(data))
  }

  /// Every remaining record, the header first if none has been read.
  ///
  /// - Throws: ``Failure`` as ``next()`` does.
  mutating func records() throws(Failure) -> [Record] {
    var records: [Record] = []
    while let record = try next() { records.append(record) }
    return records
  }

  /// The next record, or `nil` after the last one. Blank lines are not records.
  ///
  /// - Throws: ``Failure`` for a quote that is never closed, text after a closing quote, or a
  ///   source that cannot be read.
  mutating func next() throws(Failure) -> Record? {
    if !started {
      started = true
      do { try stream.skip(prefix: [0xEF, 0xBB, 0xBF]) } catch { throw Failure(line: line, reason: error.reason) }
    }
    var fields: [String] = []
    var recordLine = line
    var quoted = false
    var afterQuote = false
    var sawAnything = false
    var undecodable: (field: Int, line: Int, byte: String)?
    var oversized: (field: Int, reason: String)?
    var extraFields = 0
    recordBytes = 0
    func endField() {
      defer {
        field.removeAll(keepingCapacity: field.capacity <= 1 << 16)
        dropped = 0
        afterQuote = false
      }
      guard fields.count < ImportLimits.fieldsPerRow else {
        extraFields += 1
        return
      }
      if dropped > 0 || oversized != nil {
        if oversized == nil {
          let reason = field.count < ImportLimits.fieldBytes ? ImportLimits.rowTooLong : ImportLimits.fieldTooLong
          oversized = (fields.count, reason)
        }
        fields.append("")
        return
      }
      recordBytes += field.count
      switch UTF8Check.decode(field) {
      case .success(let text):
        fields.append(text)
      case .failure(let invalid):
        if undecodable == nil {
          // The line of the bad byte: this line, less the line breaks after it in the field.
          let later = field[invalid.offset...].count { $0 == Self.lineFeed }
          undecodable = (fields.count, line - later, UTF8Check.describe(field, at: invalid.offset))
        }
        fields.append("")
      }
    }
    while true {
      if quoted {
        guard let byte = try append(until: { $0 == Self.quote || $0 == Self.lineFeed }) else { break }
        _ = try take()
        if byte == Self.lineFeed {
          line += 1
          keep(byte)
        } else if try peek() == Self.quote {
          _ = try take()
          keep(byte)
        } else {
          quoted = false
          afterQuote = true
        }
        continue
      }
      let before = field.count + dropped
      let stopped = try append(until: {
        $0 == Self.comma || $0 == Self.lineFeed || $0 == Self.carriageReturn || $0 == Self.quote
      })
      if field.count + dropped > before {
        sawAnything = true
        guard !afterQuote else { throw Failure(line: line, reason: "text after a closing quote") }
      }
      guard let byte = stopped else { break }
      _ = try take()
      sawAnything = true
      switch byte {
      case Self.comma:
        endField()
      case Self.quote:
        guard !afterQuote else { throw Failure(line: line, reason: "text after a closing quote") }
        if field.isEmpty, dropped == 0 { quoted = true } else { keep(byte) }
      default:  // a line break, CRLF counting as one
        if byte == Self.carriageReturn, try peek() == Self.lineFeed { _ = try take() }
        endField()
        line += 1
        // A blank line is not a record.
        if fields.count == 1, fields[0].isEmpty, undecodable == nil, oversized == nil {
          fields.removeAll(keepingCapacity: true)
          recordLine = line
          sawAnything = false
          continue
        }
        return Record(
          line: recordLine, fields: fields, undecodable: undecodable, oversized: oversized, extraFields: extraFields)
      }
    }
    guard !quoted else { throw Failure(line: recordLine, reason: "a quoted field is never closed") }
    guard sawAnything, !field.isEmpty || !fields.isEmpty || afterQuote else { return nil }
    endField()
    return Record(
      line: recordLine, fields: fields, undecodable: undecodable, oversized: oversized, extraFields: extraFields)
  }

  /// The most the field being read may keep: what is left of its limit and of the record's.
  private var fieldLimit: Int { min(ImportLimits.fieldBytes, ImportLimits.rowBytes - recordBytes) }

  /// Keeps a byte of the field being read, or counts it past the limit.
  private mutating func keep(_ byte: UInt8) {
    if field.count < fieldLimit { field.append(byte) } else { dropped += 1 }
  }

  private mutating func append(until stop: (UInt8) -> Bool) throws(Failure) -> UInt8? {
    do { return try stream.append(into: &field, limit: fieldLimit, dropped: &dropped, until: stop) } catch {
      throw Failure(line: line, reason: "cannot read: \(error.reason)")
    }
  }

  private mutating func take() throws(Failure) -> UInt8? {
    do { return try stream.next() } catch { throw Failure(line: line, reason: "cannot read: \(error.reason)") }
  }

  private mutating func peek() throws(Failure) -> UInt8? {
    do { return try stream.peek() } catch { throw Failure(line: line, reason: "cannot read: \(error.reason)") }
  }
}
