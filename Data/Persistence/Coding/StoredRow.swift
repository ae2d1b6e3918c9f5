/// The row a ``RowDecodable`` model reads itself from: each attribute by its coding key, with
/// the same rules as `Codable` decoding from the store (dates, UUIDs, JSON documents, external
/// files and attributes that were not fetched).
///
/// A row is valid only inside ``RowDecodable/init(row:)``.
public struct StoredRow {
  let decoder: RowDecoder

  /// Reads a text attribute.
  public func decode(_ type: String.Type = String.self, forKey key: String) throws -> String {
    try decoder.text(for: AttributeKey(key))
  }

  /// Reads an integer attribute.
  public func decode(_ type: Int.Type = Int.self, forKey key: String) throws -> Int {
    Int(truncatingIfNeeded: try decoder.int64(for: AttributeKey(key)))
  }

  /// Reads a 64-bit integer attribute.
  public func decode(_ type: Int64.Type = Int64.self, forKey key: String) throws -> Int64 {
    try decoder.int64(for: AttributeKey(key))
  }

  /// Reads a floating-point attribute.
  public func decode(_ type: Double.Type = Double.self, forKey key: String) throws -> Double {
    try decoder.real(for: AttributeKey(key))
  }

  /// Reads a Boolean attribute.
  public func decode(_ type: Bool.Type = Bool.self, forKey key: String) throws -> Bool {
    try decoder.bool(for: AttributeKey(key))
  }

  /// Reads an attribute of any other type — `Date`, `UUID`, `Data`, `URL`, `[Data]` kept in
  /// external files, a raw-value enum, a JSON document — as `Codable` decoding would.
  public func decode<Value: Decodable>(_ type: Value.Type = Value.self, forKey key: String) throws -> Value {
    try decoder.value(Value.self, for: AttributeKey(key))
  }

  /// Reads an optional attribute: `nil` when the column holds `NULL` or was not fetched.
  public func decodeIfPresent<Value: Decodable>(
    _ type: Value.Type = Value.self, forKey key: String
  ) throws -> Value? {
    let attribute = AttributeKey(key)
    if decoder.isNull(attribute) { return nil }
    if Value.self == Int.self {
      return unsafeBitCast(Int(truncatingIfNeeded: try decoder.int64(for: attribute)), to: Value.self)
    }
    if Value.self == String.self { return unsafeBitCast(try decoder.text(for: attribute), to: Value.self) }
    if Value.self == Double.self { return unsafeBitCast(try decoder.real(for: attribute), to: Value.self) }
    return try decoder.value(Value.self, for: attribute)
  }
}

/// A coding key named by a string, as a ``StoredRow`` is read.
struct AttributeKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }

  init(_ name: String) { stringValue = name }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
