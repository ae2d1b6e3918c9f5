import Foundation

/// A value with a JSON form of its own, written and read directly rather than through
/// containers: numbers, strings, `Bool`, and the Foundation types that `JSONEncoder` and
/// `JSONDecoder` treat specially (`Data`, `Date`, `URL`, `Decimal`) or that are much faster
/// done by hand (`UUID`).
protocol NestedJSONScalar {
  /// Appends the value's JSON text to `writer`.
  ///
  /// - Returns: `false`, writing nothing, if the value has no JSON form (a non-finite number).
  func writeJSON(to writer: inout JSONWriter) -> Bool

  /// Reads a value from the JSON value at `node` of the decoder's current document.
  ///
  /// - Throws: ``NestedJSONError`` if the JSON value has another type or cannot be read as one.
  static func readJSON(from decoder: NestedJSONDecoder, at node: Int) throws(NestedJSONError) -> Self
}

/// The types (scalars, and arrays and string-keyed dictionaries of common scalars) that the
/// coders write and read directly rather than through `Codable`.
///
/// Covers the types whose `Codable` form differs from Foundation's JSON form (`Data`, `URL`,
/// `Decimal`) and common ones worth a shortcut; other scalars reach the containers' typed
/// methods through their own `encode(to:)` and `init(from:)`. Arrays and dictionaries skip
/// their generic `Codable` code, which costs more than the work itself for small ones.
///
/// A type is recognised by comparing metadata, which costs a nanosecond or two, where a
/// dynamic cast (`as? String`, `as? any NestedJSONScalar`) or a generic `Optional<T>` costs
/// tens to hundreds as the runtime looks up metadata and witness tables; hence the kind is a
/// plain enum and values are reinterpreted, not cast, once their type is known.
enum NestedJSONScalarKind {
  case string, data, int, double, bool, date, uuid, url, decimal, int64
  case strings, datas, ints, doubles, uuids, dates
  case stringsByString, intsByString, doublesByString

  /// The kind of `type`, or `nil` if the coders leave it to its own `Codable` code.
  @inline(__always)
  init?<T>(_ type: T.Type) {
    if T.self == String.self {
      self = .string
    } else if T.self == Data.self {
      self = .data
    } else if T.self == Int.self {
      self = .int
    } else if T.self == Double.self {
      self = .double
    } else if T.self == Bool.self {
      self = .bool
    } else if T.self == Date.self {
      self = .date
    } else if T.self == UUID.self {
      self = .uuid
    } else if T.self == URL.self {
      self = .url
    } else if T.self == Decimal.self {
      self = .decimal
    } else if T.self == Int64.self {
      self = .int64
    } else {
      let type = ObjectIdentifier(T.self)
      let collections = CollectionTypes.shared
      if type == collections.strings {
        self = .strings
      } else if type == collections.datas {
        self = .datas
      } else if type == collections.ints {
        self = .ints
      } else if type == collections.doubles {
        self = .doubles
      } else if type == collections.uuids {
        self = .uuids
      } else if type == collections.dates {
        self = .dates
      } else if type == collections.stringsByString {
        self = .stringsByString
      } else if type == collections.intsByString {
        self = .intsByString
      } else if type == collections.doublesByString {
        self = .doublesByString
      } else {
        return nil
      }
    }
  }

  /// The identities of the collection types recognised.
  ///
  /// Naming `[String].self` in generic code looks its metadata up in the runtime's cache of
  /// specialised generic types each time; comparing with an identity kept here does not.
  private struct CollectionTypes {
    static let shared = CollectionTypes()
    let strings = ObjectIdentifier([String].self)
    let datas = ObjectIdentifier([Data].self)
    let ints = ObjectIdentifier([Int].self)
    let doubles = ObjectIdentifier([Double].self)
    let uuids = ObjectIdentifier([UUID].self)
    let dates = ObjectIdentifier([Date].self)
    let stringsByString = ObjectIdentifier([String: String].self)
    let intsByString = ObjectIdentifier([String: Int].self)
    let doublesByString = ObjectIdentifier([String: Double].self)
  }

  /// What ``write(_:to:)`` did with a value.
  enum Outcome {
    /// The value was written.
    case written
    /// The value, or its element at `index`, has no JSON form (a non-finite number); the
    /// text written so far must be discarded.
    case refused(index: Int?, value: String)
  }

  /// Writes `value`, whose type must be of this kind.
  @inline(__always)
  func write<T>(_ value: T, to writer: inout JSONWriter) -> Outcome {
    switch self {
    case .string: Self.scalar(Self.reinterpret(value, as: String.self), to: &writer)
    case .data: Self.scalar(Self.reinterpret(value, as: Data.self), to: &writer)
    case .int: Self.scalar(Self.reinterpret(value, as: Int.self), to: &writer)
    case .double: Self.scalar(Self.reinterpret(value, as: Double.self), to: &writer)
    case .bool: Self.scalar(Self.reinterpret(value, as: Bool.self), to: &writer)
    case .date: Self.scalar(Self.reinterpret(value, as: Date.self), to: &writer)
    case .uuid: Self.scalar(Self.reinterpret(value, as: UUID.self), to: &writer)
    case .url: Self.scalar(Self.reinterpret(value, as: URL.self), to: &writer)
    case .decimal: Self.scalar(Self.reinterpret(value, as: Decimal.self), to: &writer)
    case .int64: Self.scalar(Self.reinterpret(value, as: Int64.self), to: &writer)
    case .strings: Self.array(Self.reinterpret(value, as: [String].self), to: &writer)
    case .datas: Self.array(Self.reinterpret(value, as: [Data].self), to: &writer)
    case .ints: Self.array(Self.reinterpret(value, as: [Int].self), to: &writer)
    case .doubles: Self.array(Self.reinterpret(value, as: [Double].self), to: &writer)
    case .uuids: Self.array(Self.reinterpret(value, as: [UUID].self), to: &writer)
    case .dates: Self.array(Self.reinterpret(value, as: [Date].self), to: &writer)
    case .stringsByString: Self.dictionary(Self.reinterpret(value, as: [String: String].self), to: &writer)
    case .intsByString: Self.dictionary(Self.reinterpret(value, as: [String: Int].self), to: &writer)
    case .doublesByString: Self.dictionary(Self.reinterpret(value, as: [String: Double].self), to: &writer)
    }
  }

  /// Reads a `T`, whose type must be of this kind, from `node`.
  @inline(__always)
  func read<T>(_ type: T.Type, from decoder: NestedJSONDecoder, at node: Int) throws(NestedJSONError) -> T {
    switch self {
    case .string: Self.reinterpret(try String.readJSON(from: decoder, at: node), as: T.self)
    case .data: Self.reinterpret(try Data.readJSON(from: decoder, at: node), as: T.self)
    case .int: Self.reinterpret(try Int.readJSON(from: decoder, at: node), as: T.self)
    case .double: Self.reinterpret(try Double.readJSON(from: decoder, at: node), as: T.self)
    case .bool: Self.reinterpret(try Bool.readJSON(from: decoder, at: node), as: T.self)
    case .date: Self.reinterpret(try Date.readJSON(from: decoder, at: node), as: T.self)
    case .uuid: Self.reinterpret(try UUID.readJSON(from: decoder, at: node), as: T.self)
    case .url: Self.reinterpret(try URL.readJSON(from: decoder, at: node), as: T.self)
    case .decimal: Self.reinterpret(try Decimal.readJSON(from: decoder, at: node), as: T.self)
    case .int64: Self.reinterpret(try Int64.readJSON(from: decoder, at: node), as: T.self)
    case .strings: Self.reinterpret(try decoder.array(of: String.self, at: node), as: T.self)
    case .datas: Self.reinterpret(try decoder.array(of: Data.self, at: node), as: T.self)
    case .ints: Self.reinterpret(try decoder.array(of: Int.self, at: node), as: T.self)
    case .doubles: Self.reinterpret(try decoder.array(of: Double.self, at: node), as: T.self)
    case .uuids: Self.reinterpret(try decoder.array(of: UUID.self, at: node), as: T.self)
    case .dates: Self.reinterpret(try decoder.array(of: Date.self, at: node), as: T.self)
    case .stringsByString: Self.reinterpret(try decoder.dictionary(of: String.self, at: node), as: T.self)
    case .intsByString: Self.reinterpret(try decoder.dictionary(of: Int.self, at: node), as: T.self)
    case .doublesByString: Self.reinterpret(try decoder.dictionary(of: Double.self, at: node), as: T.self)
    }
  }

  /// `value` reinterpreted as a `Target`, for a `Source` already known to be `Target`.
  @inline(__always)
  private static func reinterpret<Source, Target>(_ value: Source, as target: Target.Type) -> Target {
    unsafeBitCast(value, to: Target.self)
  }

  private static func scalar(_ value: some NestedJSONScalar, to writer: inout JSONWriter) -> Outcome {
    value.writeJSON(to: &writer) ? .written : .refused(index: nil, value: "\(value)")
  }

  /// Writes an array of scalars in one loop, stopping at the first element with no JSON form.
  private static func array<Element: NestedJSONScalar>(_ array: [Element], to writer: inout JSONWriter) -> Outcome {
    writer.append(UInt8(ascii: "["))
    for index in array.indices {
      if index > 0 { writer.append(UInt8(ascii: ",")) }
      guard array[index].writeJSON(to: &writer) else { return .refused(index: index, value: "\(array[index])") }
    }
    writer.append(UInt8(ascii: "]"))
    return .written
  }

  /// Writes a string-keyed dictionary of scalars as an object, in the dictionary's order
  /// (Foundation's order is no more defined), stopping at the first value with no JSON form.
  private static func dictionary<Value: NestedJSONScalar>(
    _ dictionary: [String: Value], to writer: inout JSONWriter
  ) -> Outcome {
    writer.append(UInt8(ascii: "{"))
    var isFirst = true
    for (key, value) in dictionary {
      if !isFirst { writer.append(UInt8(ascii: ",")) }
      isFirst = false
      writer.writeString(key)
      writer.append(UInt8(ascii: ":"))
      guard value.writeJSON(to: &writer) else { return .refused(index: nil, value: "\(value)") }
    }
    writer.append(UInt8(ascii: "}"))
    return .written
  }
}
