package import Foundation
import SQLValues

extension SQLValue {
  /// Converts a Swift value to the value its column stores, exactly as the row encoder does.
  ///
  /// - Throws: ``PersistenceError/invalidValue(_:)`` for NaN, an integer beyond 64 bits, or
  ///   a type with no column representation; ``PersistenceError/unsupportedQuery(_:)`` is
  ///   left to callers that know the context.
  package init(swiftValue value: Any) throws(PersistenceError) {
    switch value {
    case let optional as any OptionalProtocol:
      guard let wrapped = optional.wrappedAny else { self = .null; return }
      self = try SQLValue(swiftValue: wrapped)
    case let bool as Bool:
      self = .integer(bool ? 1 : 0)
    case let text as String:
      self = .text(TextNormalization.nfc(text))
    case let real as Double:
      guard !real.isNaN else { throw .invalidValue("NaN cannot be stored or compared") }
      self = .real(real)
    case let real as Float:
      guard !real.isNaN else { throw .invalidValue("NaN cannot be stored or compared") }
      self = .real(Double(real))
    case let integer as any BinaryInteger:
      guard let exact = Int64(exactly: integer) else {
        throw .invalidValue("\(integer) is beyond a 64-bit signed integer")
      }
      self = .integer(exact)
    case let date as Date:
      self = .real(date.timeIntervalSinceReferenceDate)
    case let uuid as UUID:
      self = SQLValue(uuid)
    case let data as Data:
      self = .blob(data)
    case let url as URL:
      self = .text(url.absoluteString)
    case let token as HistoryToken:
      self = .integer(token.value)
    case let raw as any RawRepresentable:
      self = try SQLValue(swiftValue: raw.rawValue)
    default:
      throw .invalidValue("a value of type \(type(of: value)) has no column representation")
    }
  }
}

extension SQLValue {
  /// Converts a model's identifier to the value its key column stores, as
  /// ``init(swiftValue:)`` does; the usual identifier types (`UUID`, `Int`, `String`) are
  /// recognized by their static type, without the dynamic casts a lookup by id would
  /// otherwise pay each time.
  ///
  /// - Throws: as ``init(swiftValue:)`` does.
  package init<ID>(identifier: ID) throws(PersistenceError) {
    try self.init(typed: identifier)
  }

  /// Converts a value to the value its column stores, as ``init(swiftValue:)`` does; a
  /// `UUID`, `Int`, `String`, `Date` or `Double` is recognized by its static type, without the
  /// dynamic casts through `Any` (a value captured in a predicate, an identifier).
  ///
  /// - Throws: as ``init(swiftValue:)`` does.
  package init<Value>(typed value: Value) throws(PersistenceError) {
    if Value.self == UUID.self {
      self = SQLValue(unsafeBitCast(value, to: UUID.self))
    } else if Value.self == Int.self {
      self = .integer(Int64(unsafeBitCast(value, to: Int.self)))
    } else if Value.self == String.self {
      self = .text(TextNormalization.nfc(unsafeBitCast(value, to: String.self)))
    } else if Value.self == Date.self {
      self = .real(unsafeBitCast(value, to: Date.self).timeIntervalSinceReferenceDate)
    } else if Value.self == Double.self {
      let real = unsafeBitCast(value, to: Double.self)
      guard !real.isNaN else { throw .invalidValue("NaN cannot be stored or compared") }
      self = .real(real)
    } else {
      self = try SQLValue(swiftValue: value)
    }
  }

  /// Whether ``init(typed:)`` converts a value of the type without casts: such a value is
  /// never a `Bool` either.
  static func convertsStatically(_ type: Any.Type) -> Bool {
    type == UUID.self || type == Int.self || type == String.self || type == Date.self || type == Double.self
  }

  /// The values of a sequence captured in a predicate, each converted as ``init(swiftValue:)``
  /// does; an array of `UUID`, `Int` or `String` with one cast for the whole array.
  ///
  /// - Throws: as ``init(swiftValue:)`` does.
  static func elements(of sequence: any Sequence) throws(PersistenceError) -> [SQLValue] {
    if let ids = sequence as? [UUID] { return ids.map(SQLValue.init) }
    if let numbers = sequence as? [Int] { return numbers.map { .integer(Int64($0)) } }
    if let texts = sequence as? [String] { return texts.map { .text(TextNormalization.nfc($0)) } }
    var values: [SQLValue] = []
    for value in sequence { values.append(try SQLValue(swiftValue: value)) }
    return values
  }
}

/// Lets code look inside an `Optional` held as `Any`.
protocol OptionalProtocol {
  /// The wrapped value, or `nil`.
  var wrappedAny: Any? { get }
  /// The type of the wrapped value.
  static var wrappedType: Any.Type { get }
}

extension Optional: OptionalProtocol {
  var wrappedAny: Any? { self.map { $0 as Any } }
  static var wrappedType: Any.Type { Wrapped.self }
}

extension SQLValue {
  /// A UUID as its column stores it, its 16 bytes, without the casts of ``init(swiftValue:)``.
  package init(_ uuid: UUID) {
    self = .blob(withUnsafeBytes(of: uuid.uuid) { Data($0) })
  }
}
