import Foundation

/// Builds random predicates over ``QueryRecord`` from real `PredicateExpressions` nodes, each
/// with a readable description: every node kind the translator knows, over every kind of
/// attribute.
///
/// It leaves out what Swift traps on (overflow, `Int.min / -1`) and force-unwraps, whose
/// errors depend on which rows are evaluated: the edge tests cover those.
struct QueryPredicateGenerator {
  typealias Root = PredicateExpressions.Variable<QueryRecord>
  typealias Node<T> = (expression: ErasedExpression<T>, text: String)

  var random: QueryRandom
  let root: Root

  // MARK: Conditions

  mutating func condition(depth: Int) -> Node<Bool> {
    switch random.below(depth <= 0 ? 16 : 21) {
    case 0: return ordered(integer(depth: depth - 1), integer(depth: depth - 1))
    case 1: return ordered(real(depth: depth - 1), real(depth: depth - 1))
    case 2:
      // Equality takes text in any normalization; order only NFC (Swift orders other text
      // inconsistently).
      if random.oneIn(2) { return equal(string(depth: depth - 1, nfc: false), string(depth: depth - 1, nfc: false)) }
      return ordered(string(depth: depth - 1, nfc: true), string(depth: depth - 1, nfc: true))
    case 3: return ordered(date(), value(random.date()))
    case 4: return optionalEquality()
    case 5: return random.oneIn(3) ? value(random.oneIn(2)) : field(\.flag, "flag")
    case 6: return textTest(contains: true, depth: depth)
    case 7: return textTest(contains: false, depth: depth)
    case 8: return membership()
    case 9: return rangeTest()
    case 10:
      let genres = QueryRecord.Genre.allCases.filter { _ in random.oneIn(2) }
      return node(
        PredicateExpressions.SequenceContains(
          sequence: PredicateExpressions.Value(genres), element: field(\.genre, "genre").expression),
        "\(genres.map(\.rawValue)).contains(genre)")
    case 11:
      let tag = random.oneIn(2) ? random.text() : random.pick(QueryRandom.pieces)
      return node(
        PredicateExpressions.SequenceContains(
          sequence: field(\.tags, "tags").expression, element: value(tag).expression),
        "tags.contains(\(tag.debugDescription))")
    case 12: return uuidTest()
    case 13:
      let bytes = Data((0..<random.below(3)).map { _ in UInt8(random.below(3)) })
      return equal(field(\.bytes, "bytes"), value(bytes), negated: random.oneIn(3))
    case 14: return infoTest(depth: depth)
    case 15: return flatMapTest()
    case 16:
      let (lhs, rhs) = (condition(depth: depth - 1), condition(depth: depth - 1))
      return node(
        PredicateExpressions.Conjunction(lhs: lhs.expression, rhs: rhs.expression), "(\(lhs.text) && \(rhs.text))")
    case 17:
      let (lhs, rhs) = (condition(depth: depth - 1), condition(depth: depth - 1))
      return node(
        PredicateExpressions.Disjunction(lhs: lhs.expression, rhs: rhs.expression), "(\(lhs.text) || \(rhs.text))")
    case 18, 19:
      let operand = condition(depth: depth - 1)
      return node(PredicateExpressions.Negation(operand.expression), "!\(operand.text)")
    default:
      let test = condition(depth: depth - 1)
      return conditional(test, condition(depth: depth - 1), condition(depth: depth - 1))
    }
  }

  private mutating func textTest(contains: Bool, depth: Int) -> Node<Bool> {
    let base = string(depth: depth - 1, nfc: random.oneIn(2))
    let needle = random.oneIn(3) ? random.text() : random.pick(QueryRandom.pieces)
    if contains {
      return node(
        PredicateExpressions.CollectionContainsCollection(base: base.expression, other: value(needle).expression),
        "\(base.text).contains(\(needle.debugDescription))")
    }
    return node(
      PredicateExpressions.SequenceStartsWith(base: base.expression, prefix: value(needle).expression),
      "\(base.text).starts(with: \(needle.debugDescription))")
  }

  private mutating func optionalEquality() -> Node<Bool> {
    let negated = random.oneIn(3)
    switch random.below(5) {
    case 0: return equal(field(\.optInt, "optInt"), value(random.optional { $0.integer() }), negated: negated)
    case 1: return equal(field(\.optText, "optText"), value(random.optional { $0.text() }), negated: negated)
    case 2: return equal(field(\.optFlag, "optFlag"), value(random.optional { $0.oneIn(2) }), negated: negated)
    case 3: return equal(field(\.optDate, "optDate"), value(random.optional { $0.date() }), negated: negated)
    default: return equal(field(\.optToken, "optToken"), field(\.optToken, "optToken"), negated: negated)
    }
  }

  private mutating func membership() -> Node<Bool> {
    let count = random.below(random.oneIn(5) ? 300 : 5)
    if random.oneIn(2) {
      let list = (0..<count).map { _ in random.integer() }
      let element = integer(depth: 0)
      return node(
        PredicateExpressions.SequenceContains(sequence: PredicateExpressions.Value(list), element: element.expression),
        "\(count <= 5 ? "\(list)" : "[\(count) ints]").contains(\(element.text))")
    }
    switch random.below(3) {
    case 0:
      let list = (0..<count).map { _ in random.optional { $0.integer() } }
      return node(
        PredicateExpressions.SequenceContains(
          sequence: PredicateExpressions.Value(list), element: field(\.optInt, "optInt").expression),
        "\(count <= 5 ? "\(list)" : "[\(count) optional ints]").contains(optInt)")
    case 1:
      let list = (0..<count).map { _ in random.text() }
      return node(
        PredicateExpressions.SequenceContains(
          sequence: PredicateExpressions.Value(list), element: field(\.text, "text").expression),
        "\(list.prefix(5)).contains(text)")
    default:
      let list = (0..<count).map { _ in random.date() }
      return node(
        PredicateExpressions.SequenceContains(
          sequence: PredicateExpressions.Value(list), element: field(\.date, "date").expression),
        "[\(count) dates].contains(date)")
    }
  }

  private mutating func rangeTest() -> Node<Bool> {
    if random.oneIn(2) {
      let bounds = [random.integer(), random.integer()].sorted()
      return node(
        PredicateExpressions.RangeExpressionContains(
          range: PredicateExpressions.ClosedRange(
            lower: value(bounds[0]).expression, upper: value(bounds[1]).expression),
          element: integer(depth: 0).expression),
        "(\(bounds[0])...\(bounds[1])).contains(…)")
    }
    let bounds = [random.text(), random.text()].sorted()
    return node(
      PredicateExpressions.RangeExpressionContains(
        range: PredicateExpressions.Value(bounds[0]..<bounds[1]), element: field(\.text, "text").expression),
      "(\(bounds[0].debugDescription)..<\(bounds[1].debugDescription)).contains(text)")
  }

  private mutating func uuidTest() -> Node<Bool> {
    switch random.below(3) {
    case 0: return equal(field(\.token, "token"), value(random.uuid()), negated: random.oneIn(3))
    case 1:
      let list = (0..<random.below(4)).map { _ in random.uuid() }
      return node(
        PredicateExpressions.SequenceContains(
          sequence: PredicateExpressions.Value(list), element: field(\.token, "token").expression),
        "[\(list.count) uuids].contains(token)")
    default:
      let pivot = random.uuid()
      return node(
        PredicateExpressions.Comparison(
          lhs: field(\.token, "token").expression, rhs: value(pivot).expression, op: .lessThan),
        "(token < \(pivot))")
    }
  }

  private mutating func infoTest(depth: Int) -> Node<Bool> {
    let info = field(\.info, "info")
    switch random.below(3) {
    case 0:
      return equal(
        node(PredicateExpressions.KeyPath(root: info.expression, keyPath: \QueryRecord.Info.note), "info.note"),
        value(random.optional { $0.text() }), negated: random.oneIn(3))
    case 1:
      return node(PredicateExpressions.KeyPath(root: info.expression, keyPath: \QueryRecord.Info.liked), "info.liked")
    default:
      let seen = node(PredicateExpressions.KeyPath(root: info.expression, keyPath: \QueryRecord.Info.seen), "info.seen")
      return equal(seen, value(random.optional { $0.date() }), negated: random.oneIn(2))
    }
  }

  /// `optText.flatMap { $0.contains(needle) } == true`, or the same on `optInt` with `>`.
  private mutating func flatMapTest() -> Node<Bool> {
    if random.oneIn(2) {
      let needle = random.pick(QueryRandom.pieces)
      let mapped = PredicateExpressions.OptionalFlatMap(field(\.optText, "optText").expression) { text in
        PredicateExpressions.CollectionContainsCollection(base: text, other: PredicateExpressions.Value(needle))
      }
      return equal(node(mapped, "optText.flatMap { $0.contains(\(needle.debugDescription)) }"), value(Optional(true)))
    }
    let pivot = random.integer()
    let mapped = PredicateExpressions.OptionalFlatMap(field(\.optInt, "optInt").expression) { number in
      PredicateExpressions.Comparison(lhs: number, rhs: PredicateExpressions.Value(pivot), op: .greaterThan)
    }
    return equal(node(mapped, "optInt.flatMap { $0 > \(pivot) }"), value(Optional(false)), negated: random.oneIn(2))
  }

  // MARK: Values

  mutating func integer(depth: Int) -> Node<Int> {
    switch random.below(depth <= 0 ? 4 : 10) {
    case 0: return field(\.int, "int")
    case 1: return field(\.small, "small")
    case 2: return value(random.integer())
    case 3:
      return node(
        PredicateExpressions.KeyPath(root: field(\.info, "info").expression, keyPath: \QueryRecord.Info.year),
        "info.year")
    case 4:
      let fallback = random.integer()
      return node(
        PredicateExpressions.NilCoalesce(lhs: field(\.optInt, "optInt").expression, rhs: value(fallback).expression),
        "(optInt ?? \(fallback))")
    case 5:
      let op = random.pick([PredicateExpressions.ArithmeticOperator.add, .subtract, .multiply])
      let constant = random.below(201) - 100
      return node(
        PredicateExpressions.Arithmetic(
          lhs: field(\.small, "small").expression, rhs: value(constant).expression, op: op),
        "(small \(op) \(constant))")
    case 6, 7:
      // Negative divisors too, but never -1 (Int.min / -1 traps in Swift).
      let divisor = random.pick([2, 3, 7, -2, -3, -7, 1])
      if random.oneIn(2) {
        return node(
          PredicateExpressions.IntDivision(lhs: field(\.int, "int").expression, rhs: value(divisor).expression),
          "(int / \(divisor))")
      }
      return node(
        PredicateExpressions.IntRemainder(lhs: field(\.int, "int").expression, rhs: value(divisor).expression),
        "(int % \(divisor))")
    case 8: return node(PredicateExpressions.UnaryMinus(field(\.small, "small").expression), "-small")
    default:
      return conditional(condition(depth: depth - 1), integer(depth: depth - 1), integer(depth: depth - 1))
    }
  }

  mutating func real(depth: Int) -> Node<Double> {
    switch random.below(depth <= 0 ? 2 : 5) {
    case 0: return field(\.double, "double")
    case 1: return value(random.double())
    case 2:
      let constant = random.double()
      return node(
        PredicateExpressions.Arithmetic(
          lhs: field(\.double, "double").expression, rhs: value(constant).expression, op: .add),
        "(double + \(constant))")
    case 3:
      let divisor = random.pick([0.5, 2, -3, 0, -0.0])
      return node(
        PredicateExpressions.FloatDivision(lhs: field(\.double, "double").expression, rhs: value(divisor).expression),
        "(double / \(divisor))")
    default: return node(PredicateExpressions.UnaryMinus(field(\.double, "double").expression), "-double")
    }
  }

  mutating func string(depth: Int, nfc: Bool) -> Node<String> {
    let constant = { (text: String) in nfc ? text.precomposedStringWithCanonicalMapping : text }
    switch random.below(depth <= 0 ? 3 : 5) {
    case 0: return field(\.text, "text")
    case 1:
      // Decomposed text too: it must match its composed form.
      let text = random.pick(QueryRandom.pieces) + random.text()
      return value(constant(text.decomposedStringWithCanonicalMapping))
    case 2:
      let fallback = constant(random.text())
      return node(
        PredicateExpressions.NilCoalesce(lhs: field(\.optText, "optText").expression, rhs: value(fallback).expression),
        "(optText ?? \(fallback.debugDescription))")
    case 3:
      let note = PredicateExpressions.KeyPath(root: field(\.info, "info").expression, keyPath: \QueryRecord.Info.note)
      let fallback = constant(random.text())
      return node(PredicateExpressions.NilCoalesce(lhs: note, rhs: value(fallback).expression), "(info.note ?? …)")
    default:
      return conditional(
        condition(depth: depth - 1), string(depth: depth - 1, nfc: nfc), string(depth: depth - 1, nfc: nfc))
    }
  }

  /// `date`, `optDate ?? …`, or `info.seen ?? …`.
  mutating func date() -> Node<Date> {
    let fallback = random.date()
    switch random.below(3) {
    case 0: return field(\.date, "date")
    case 1:
      return node(
        PredicateExpressions.NilCoalesce(lhs: field(\.optDate, "optDate").expression, rhs: value(fallback).expression),
        "(optDate ?? \(fallback.timeIntervalSinceReferenceDate))")
    default:
      let seen = PredicateExpressions.KeyPath(root: field(\.info, "info").expression, keyPath: \QueryRecord.Info.seen)
      return node(PredicateExpressions.NilCoalesce(lhs: seen, rhs: value(fallback).expression), "(info.seen ?? …)")
    }
  }

  // MARK: Leaves and operators

  func node<T>(_ expression: some StandardPredicateExpression<T>, _ text: String) -> Node<T> {
    (ErasedExpression(expression), text)
  }

  func field<T>(_ keyPath: any KeyPath<QueryRecord, T> & Sendable, _ name: String) -> Node<T> {
    node(PredicateExpressions.KeyPath(root: root, keyPath: keyPath), name)
  }

  func value<T: Codable & Sendable>(_ value: T) -> Node<T> {
    node(PredicateExpressions.Value(value), "\(value)")
  }

  func equal<T: Equatable & Codable & Sendable>(_ lhs: Node<T>, _ rhs: Node<T>, negated: Bool = false) -> Node<Bool> {
    if negated {
      return node(
        PredicateExpressions.NotEqual(lhs: lhs.expression, rhs: rhs.expression), "(\(lhs.text) != \(rhs.text))")
    }
    return node(PredicateExpressions.Equal(lhs: lhs.expression, rhs: rhs.expression), "(\(lhs.text) == \(rhs.text))")
  }

  mutating func ordered<T: Comparable & Codable & Sendable>(_ lhs: Node<T>, _ rhs: Node<T>) -> Node<Bool> {
    let operators: [(PredicateExpressions.ComparisonOperator, String)] = [
      (.lessThan, "<"), (.lessThanOrEqual, "<="), (.greaterThan, ">"), (.greaterThanOrEqual, ">="),
    ]
    guard !random.oneIn(3) else { return equal(lhs, rhs, negated: random.oneIn(2)) }
    let (op, symbol) = random.pick(operators)
    return node(
      PredicateExpressions.Comparison(lhs: lhs.expression, rhs: rhs.expression, op: op),
      "(\(lhs.text) \(symbol) \(rhs.text))")
  }

  func conditional<T>(_ test: Node<Bool>, _ yes: Node<T>, _ no: Node<T>) -> Node<T> {
    node(
      PredicateExpressions.Conditional(test: test.expression, trueBranch: yes.expression, falseBranch: no.expression),
      "(\(test.text) ? \(yes.text) : \(no.text))")
  }
}
