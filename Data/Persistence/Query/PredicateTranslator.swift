import Foundation
import SQLValues

/// Translates Foundation predicates over a model into SQL `WHERE` expressions.
///
/// The translator walks the predicate's expression tree. Each supported
/// `PredicateExpressions` node knows its SQL (see ``SQLExpressible``); any other node stops
/// the translation with an error that names it, so an untranslatable predicate fails loudly
/// instead of matching the wrong rows.
struct PredicateTranslator {
  let table: TableSchema
  let modelName: String
  /// The SQL written: the database's.
  let dialect: any SQLDialect
  /// The predicate's own variable, which stands for the model's row: kept apart from
  /// ``variables`` so that most translations fill no dictionary.
  private var rowVariable: PredicateExpressions.VariableID?
  /// What each variable bound by `flatMap` stands for.
  private var variables: [PredicateExpressions.VariableID: SQLTerm] = [:]

  /// The inexact terms made so far, where the dialect's terms are not all exact.
  private let inexactTerms: InexactTermCount?
  /// The terms made so far that can fail while the query runs.
  fileprivate let fallibleTerms = FallibleTermCount()
  /// Whether a `contains` on a searchable attribute is narrowed by the table's substring index
  /// (``SearchIndex``); without, its exact test reads every row the rest of the query reaches.
  var narrowsSearches = true

  init(table: TableSchema, modelName: String, dialect: any SQLDialect) {
    self.table = table
    self.modelName = modelName
    self.dialect = dialect
    inexactTerms = dialect.isExact ? nil : InexactTermCount()
  }

  /// Returns the SQL condition of a predicate, which keeps exactly the models it does.
  ///
  /// - Throws: ``PersistenceError/unsupportedQuery(_:)`` naming the expression it cannot
  ///   translate, or for a predicate SQL can only approximate here (see ``filter(_:)``).
  func condition<Model>(_ predicate: Predicate<Model>) throws(PersistenceError) -> SQLFragment {
    let filter = try filter(predicate)
    guard filter.isExact else {
      throw .unsupportedQuery(
        "this predicate on \(modelName) matches text by Swift's characters or computes with floating point, which SQL here can only approximate: each row must be checked in Swift"
      )
    }
    return filter.fragment
  }

  /// Returns the SQL condition of a predicate, and whether it keeps exactly the models the
  /// predicate does; when not, it keeps at least all of them (see ``PredicateFilter``). On
  /// SQLite it is always exact.
  ///
  /// - Throws: ``PersistenceError/unsupportedQuery(_:)`` naming the expression it cannot
  ///   translate.
  func filter<Model>(_ predicate: Predicate<Model>) throws(PersistenceError) -> PredicateFilter {
    var translator = self
    translator.rowVariable = predicate.variable.key
    let term = try translator.requireScalar(translator.translate(predicate.expression))
    // Rows SQL only approximates are checked again in Swift, which would trap on a failing term
    // the SQL did not evaluate, or the SQL fail on one Swift's && would not reach: neither can
    // be ordered as Swift evaluates, so such a predicate is refused.
    if term.bounds != nil, translator.fallibleTerms.value > 0 {
      throw .unsupportedQuery(
        "this predicate on \(modelName) computes with floating point or matches text by characters, which PostgreSQL checks again in Swift, and also has integer arithmetic or `!`, which can fail: they cannot be evaluated in Swift's order; split the predicate, or filter one part in Swift"
      )
    }
    return PredicateFilter(fragment: term.upper, isExact: term.bounds == nil)
  }

  /// Translates one node whose type is known to have SQL, without a cast: nodes whose
  /// operands always have SQL too conform only then (`Equal` where both sides do, and so on),
  /// so most of a predicate is translated by direct calls.
  ///
  /// A node whose operand was inexact is itself unknown (anywhere between true and false),
  /// unless it combines its operands' bounds itself (``BoundsCombining``).
  func translate<Expression: SQLExpressible>(_ expression: Expression) throws(PersistenceError) -> SQLTerm {
    guard let inexactTerms else { return try expression.sqlTerm(in: self) }
    let before = inexactTerms.value
    var term = try expression.sqlTerm(in: self)
    if inexactTerms.value != before, !(Expression.self is any BoundsCombining.Type) {
      term = .unknown(dialect)
    }
    if term.bounds != nil { inexactTerms.value += 1 }
    return term
  }

  /// Translates one node of a type known only at run time, as ``translate(_:)-(Expression)``
  /// does; the error for a node without SQL names the innermost one (see
  /// ``untranslatable(in:)``).
  func translate(_ expression: Any) throws(PersistenceError) -> SQLTerm {
    guard let expressible = expression as? any SQLExpressible else {
      throw unsupported(Self.untranslatable(in: expression))
    }
    return try translate(expressible)
  }

  /// The type of the node that stops an expression from translating: the expression's own,
  /// unless one of its operands has no SQL, as in `Equal` over an untranslatable side (`Equal`
  /// has SQL only where both sides do); then that operand's, found the same way.
  ///
  /// Only an error reads it: it reflects on the expression's stored properties.
  static func untranslatable(in expression: Any) -> Any.Type {
    for child in Mirror(reflecting: expression).children
    where child.value is any PredicateExpression && !(child.value is any SQLExpressible)
      // A range (`a..<b`) has SQL only as what `contains` tests: the node that holds it is named.
      && !(child.value is any RangeBoundsExpression)
    {
      return untranslatable(in: child.value)
    }
    return type(of: expression)
  }

  /// Notes a term that can fail while the query runs (see ``FallibleTermCount``).
  func noteFallible() { fallibleTerms.value += 1 }

  /// Translates an operand that must be a scalar, and says whether it can fail while the
  /// query runs.
  func fallibleScalar(_ expression: Any) throws(PersistenceError) -> (term: SQLTerm, mayFail: Bool) {
    let before = fallibleTerms.value
    let term = try scalar(expression)
    return (term, fallibleTerms.value != before)
  }

  /// A boolean known before the query runs, in the dialect's spelling.
  func constant(_ value: Bool) -> SQLTerm {
    var term = SQLTerm.constant(value)
    term.sql = dialect.literal(value)
    term.neverNull = true
    return term
  }

  /// A translator in which a variable stands for a term, as inside `flatMap`.
  func binding(_ variable: PredicateExpressions.VariableID, to term: SQLTerm) -> PredicateTranslator {
    var translator = self
    translator.variables[variable] = term
    if variable == rowVariable { translator.rowVariable = nil }
    return translator
  }

  /// What a variable stands for, or `nil` for one from outside the predicate.
  func term(of variable: PredicateExpressions.VariableID) -> SQLTerm? {
    variable == rowVariable ? .row : variables[variable]
  }

  /// The error for an expression that has no SQL translation.
  func unsupported(_ type: Any.Type, _ detail: String = "") -> PersistenceError {
    .unsupportedQuery(
      "\(Self.describe(type)) cannot be translated to SQL\(detail) (in a predicate on \(modelName))")
  }

  /// The column a name refers to, which must be a stored attribute.
  func column(named name: String) throws(PersistenceError) -> Column {
    guard let column = table.columns.first(where: { $0.name == name }) else {
      throw .unsupportedQuery("cannot query \(modelName).\(KeyPathName.readable(name)): \(KeyPathName.notStored(name))")
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
  /// What a term's SQL yields.
  enum Shape {
    /// A scalar value: a number, text, a blob or NULL.
    case scalar
    /// A whole JSON document or sub-document (a nested `Codable` value), which key paths
    /// can reach into: `base` is the SQL of the JSON text, `path` the JSON path within it.
    case json(base: SQLFragment, path: [String])
    /// The model's own row: key paths from it name columns.
    case row
  }

  /// The SQL text.
  var sql: String
  /// The values bound to its parameters, in order.
  var bindings: [SQLValue]
  /// What the SQL yields.
  var shape: Shape = .scalar
  /// The term's value when it is a boolean known before the query runs (from captured
  /// values only), so it can be folded away.
  var constant: Bool?
  /// Whether the SQL can never be NULL (a column the schema declares `NOT NULL`), so tests on
  /// it need no guard against SQL's third truth value.
  var neverNull = false
  /// Whether the term is the result of floating-point arithmetic on SQLite, which may be NaN:
  /// SQLite holds a NaN as `NULL`, so for such a term `NULL` means NaN (its Swift type is never
  /// optional), and comparisons of it are written to answer as IEEE 754 does.
  var mayBeNaN = false
  /// Whether the term is a captured value, one parameter (cast or not).
  var isCaptured = false
  /// The stored column the term is, when it is exactly one of the row's columns.
  var column: String?
  /// Where SQL only approximates the term's value (PostgreSQL): its bounds; `nil` when exact.
  var bounds: InexactBounds?
  /// When the term is `narrowing AND exact`, where `narrowing` is the row set an index finds
  /// (a substring search): its two parts, so that a disjunction of terms narrowed by the same
  /// set reads it once (`title.contains(word) || content.contains(word)`).
  var narrowed: (narrowing: SQLFragment, exact: SQLFragment)?

  /// The term that stands for the model's row.
  static let row = SQLTerm(sql: "", bindings: [], shape: .row)

  /// The SQL and its bindings.
  var fragment: SQLFragment { SQLFragment(sql, bindings) }

  /// A boolean known before the query runs.
  static func constant(_ value: Bool) -> SQLTerm {
    SQLTerm(sql: value ? "1" : "0", bindings: [], constant: value)
  }
}

extension SQLTerm {
  /// The text of a captured value: one bound parameter, its text already in NFC as stored text
  /// is; `nil` for any other term.
  var capturedText: String? {
    guard sql == "?", bindings.count == 1, case .text(let text) = bindings[0] else { return nil }
    return text
  }

  /// `function(arguments…)`.
  static func call(_ function: String, _ arguments: SQLTerm...) -> SQLTerm { call(function, arguments) }

  /// `function(arguments…)`, the arguments given as a list.
  static func call(_ function: String, _ arguments: [SQLTerm]) -> SQLTerm {
    SQLTerm(
      sql: "\(function)(\(arguments.map(\.sql).joined(separator: ", ")))", bindings: arguments.flatMap(\.bindings))
  }

  /// `narrowing AND exact`: an exact test within the row set an index finds.
  init(narrowing: SQLFragment, exact: SQLFragment) {
    self.init(sql: "(\(narrowing.sql) AND \(exact.sql))", bindings: narrowing.bindings + exact.bindings)
    narrowed = (narrowing, exact)
  }
}

/// A predicate expression that has an SQL meaning.
protocol SQLExpressible {
  /// The SQL for this expression.
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm
}
