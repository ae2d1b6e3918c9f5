import Foundation
import SQLValues

// The leaves of a predicate: variables, key paths, captured values and nil.

extension PredicateExpressions.Variable: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    guard let term = translator.term(of: key) else {
      throw translator.unsupported(Self.self, " (a variable from outside the predicate)")
    }
    return term
  }
}

extension PredicateExpressions.KeyPath: SQLExpressible where Root: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    let base = try translator.translate(root)
    let names = KeyPathName.components(of: keyPath)
    switch base.shape {
    case .row:
      guard let first = names.first else { throw translator.unsupported(Self.self) }
      let column = try translator.column(named: first)
      let quoted = SQLIdentifier.quote(column.name)
      guard column.kind != .external else {
        throw .unsupportedQuery(
          "\(translator.modelName).\(column.name) is stored in external files and cannot be queried")
      }
      guard column.kind == .json else {
        guard names.count == 1 else {
          throw .unsupportedQuery(
            "the key path \(keyPath) reaches into a \(column.kind.rawValue) value, which SQL cannot evaluate (in a predicate on \(translator.modelName))"
          )
        }
        return SQLTerm(sql: quoted, bindings: [], neverNull: !column.isOptional, column: column.name)
      }
      return try translator.json(base: SQLFragment(quoted), path: Array(names.dropFirst()), output: Output.self)
    case .json(let document, let path):
      try translator.requireStoredKeys(names, of: Root.Output.self, keyPath: keyPath)
      return try translator.json(base: document, path: path + names, output: Output.self)
    case .scalar:
      throw .unsupportedQuery(
        "the key path \(keyPath) on a computed value cannot be translated to SQL (in a predicate on \(translator.modelName))"
      )
    }
  }
}

extension PredicateExpressions.Value: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    // A captured Bool is known now: logic around it folds away, so that optional filters
    // written as `!enabled || …` leave SQL that can use an index. The usual types are bound
    // without a cast.
    if !SQLValue.convertsStatically(Output.self), let flag = value as? Bool { return translator.constant(flag) }
    return try translator.captured(value, of: Output.self)
  }
}

extension PredicateExpressions.NilLiteral: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    SQLTerm(sql: "NULL", bindings: [])
  }
}

extension PredicateTranslator {
  /// A value bound to a parameter, converted exactly as the row encoder stores it; a value of
  /// a usual type without casts (``SQLValue/init(typed:)``).
  func bindable<Value>(_ value: Value) throws(PersistenceError) -> SQLValue {
    do {
      return try SQLValue(typed: value)
    } catch {
      throw bindingError(error)
    }
  }

  /// The error for a value of a predicate that cannot be bound.
  func bindingError(_ error: PersistenceError) -> PersistenceError {
    .unsupportedQuery("\(error) (a value in a predicate on \(modelName))")
  }

  /// A captured value: a parameter, as the dialect reads it (``SQLTerm/isCaptured``).
  func captured<Value>(_ value: Value, of type: Any.Type) throws(PersistenceError) -> SQLTerm {
    var term = try dialect.captured(value, of: type, in: self)
    term.isCaptured = true
    return term
  }

  /// A term inside a JSON attribute: a scalar read with `json_extract`, or a sub-document
  /// that further key paths can reach into.
  ///
  /// Inside JSON, dates are numbers and booleans are 1 or 0, as in columns; UUIDs and data
  /// are strings there, so they cannot be compared with bound values and are refused.
  func json(base: SQLFragment, path: [String], output: Any.Type) throws(PersistenceError) -> SQLTerm {
    let type = (output as? any OptionalProtocol.Type)?.wrappedType ?? output
    guard let kind = ProbeRecorder.kind(of: type), kind != .json else {
      return SQLTerm(sql: "", bindings: [], shape: .json(base: base, path: path))
    }
    guard kind != .uuid, kind != .blob else {
      throw .unsupportedQuery(
        "a \(type) inside a JSON attribute cannot be compared in SQL (in a predicate on \(modelName))")
    }
    return try dialect.jsonScalar(base: base, path: path, kind: kind, of: type, in: self)
  }

  /// Requires that a key path into a JSON document names stored properties, not computed ones
  /// such as an array's `count`, which JSON does not hold.
  func requireStoredKeys(_ names: [String], of type: Any.Type, keyPath: AnyKeyPath) throws(PersistenceError) {
    let document = (type as? any OptionalProtocol.Type)?.wrappedType ?? type
    let refusal = PersistenceError.unsupportedQuery(
      "the key path \(keyPath) names a computed property, which SQL cannot evaluate (in a predicate on \(modelName))")
    guard !(document is any Collection.Type), let decodable = document as? any Decodable.Type,
      let first = names.first
    else { throw refusal }
    // A type the probe cannot read has no stored keys to name: the path is refused below.
    let keys = (try? SchemaProbe.columns(of: decodable).map(\.name)) ?? []
    guard keys.contains(first) else { throw refusal }
  }

  /// Requires a scalar term: JSON documents and the row itself cannot be compared.
  func requireScalar(_ term: SQLTerm) throws(PersistenceError) -> SQLTerm {
    switch term.shape {
    case .scalar: return term
    case .json(let base, let path):
      let name = ([base.sql] + path).joined(separator: ".").replacingOccurrences(of: "\"", with: "")
      throw .unsupportedQuery("\(modelName).\(name) is stored as JSON and cannot be compared")
    case .row:
      throw .unsupportedQuery("a whole \(modelName) cannot be compared in SQL; compare its attributes")
    }
  }

  /// Translates an operand that must be a scalar.
  func scalar<Expression: SQLExpressible>(_ expression: Expression) throws(PersistenceError) -> SQLTerm {
    try requireScalar(translate(expression))
  }

  /// Translates an operand of a type known only at run time that must be a scalar.
  func scalar(_ expression: Any) throws(PersistenceError) -> SQLTerm {
    try requireScalar(translate(expression))
  }
}
