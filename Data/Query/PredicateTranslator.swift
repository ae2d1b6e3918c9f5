import Foundation

/// Translates Foundation predicates over a model into SQL `WHERE` expressions.
///
/// The translator walks the predicate's expression tree. Each supported
/// `PredicateExpressions` node knows its SQL (see ``SQLExpressible``); any other node stops
/// the translation with an error that names it, so an untranslatable predicate fails loudly
/// instead of matching the wrong rows.
struct PredicateTranslator {
  let table: TableSchema
  let modelName: String

  /// Returns the SQL condition of a predicate.
  ///
  /// - Throws: ``PersistenceError/unsupportedQuery(_:)`` naming the expression it cannot
  ///   translate.
  func condition<Model>(_ predicate: Predicate<Model>) throws(PersistenceError) -> SQLFragment {
    let term = try translate(predicate.expression)
    return SQLFragment(term.sql, term.bindings)
  }

  /// Translates one node.
  func translate(_ expression: Any) throws(PersistenceError) -> SQLTerm {
    guard let expressible = expression as? any SQLExpressible else {
      throw .unsupportedQuery(
        "\(Self.describe(type(of: expression))) cannot be translated to SQL (in a predicate on \(modelName))")
    }
    return try expressible.sqlTerm(in: self)
  }

  /// The column a key path names, which must be a stored attribute.
  func column(for keyPath: AnyKeyPath) throws(PersistenceError) -> Column {
    let name = KeyPathName.column(of: keyPath)
    guard let column = table.columns.first(where: { $0.name == name }) else {
      throw .unsupportedQuery("\(modelName).\(name) is not a stored attribute")
    }
    return column
  }

  /// A readable name for an expression type: module and namespace qualifiers dropped, as in
  /// `SequenceStartsWith<KeyPath<Variable<Movie>, String>, Value<String>>`.
  static func describe(_ type: Any.Type) -> String {
    var result = ""
    for character in String(reflecting: type) {
      if character == "." {
        // Drop the qualifier just written: the identifier before the dot.
        while let last = result.last, last.isLetter || last.isNumber || last == "_" { result.removeLast() }
      } else {
        result.append(character)
      }
    }
    return result
  }
}

/// A translated expression: SQL text, its bound values, and what it produces.
struct SQLTerm {
  /// The SQL text.
  var sql: String
  /// The values bound to its parameters, in order.
  var bindings: [SQLValue]
  /// The column it reads, when it is a plain column reference.
  var column: Column?
}

/// A predicate expression that has an SQL meaning.
protocol SQLExpressible {
  /// The SQL for this expression.
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm
}
