import Foundation

/// Builds random predicates over ``FuzzRecord``, each with a readable description.
///
/// Every node is a real `PredicateExpressions` value, as `#Predicate` builds them, joined by
/// ``AnyExpression`` so that the tree can take any shape. Arithmetic is only generated where
/// it cannot overflow (on `small`, and divisions by non-zero constants), since Swift would
/// trap where SQL fails the query.
struct PredicateGenerator {
  typealias Variable = PredicateExpressions.Variable<FuzzRecord>
  typealias Node<T> = (expression: AnyExpression<T>, text: String)

  var random: FuzzRandom
  let root: Variable

  mutating func bool(depth: Int) -> Node<Bool> {
    let choice = depth <= 0 ? random.below(12) : random.below(17)
    switch choice {
    case 0: return compare(int(depth: depth - 1), int(depth: depth - 1))
    case 1: return compare(double(depth: depth - 1), double(depth: depth - 1))
    case 2:
      // Swift orders text that is not in NFC inconsistently ("e\u{301}" and "é " compare
      // neither less nor greater), so ordered comparisons use NFC constants; equality keeps
      // decomposed ones, which must match their composed forms.
      if random.oneIn(2) { return equality(string(nfc: false), string(nfc: false)) }
      return compare(string(nfc: true), string(nfc: true))
    case 3: return compare(field(\.date, "date"), value(random.date()))
    case 4: return equality(field(\.optInt, "optInt"), random.oneIn(2) ? nilValue() : value(Optional(random.integer())))
    case 5: return equality(field(\.optText, "optText"), random.oneIn(2) ? nilValue() : value(Optional(random.text())))
    case 6: return random.oneIn(3) ? value(random.oneIn(2)) : field(\.flag, "flag")
    case 7:
      let needle = random.oneIn(2) ? random.text() : random.needle()
      let base = string()
      return (
        AnyExpression(
          PredicateExpressions.CollectionContainsCollection(base: base.expression, other: value(needle).expression)),
        "\(base.text).contains(\(needle.debugDescription))"
      )
    case 8:
      let prefix = random.text()
      let base = string()
      return (
        AnyExpression(PredicateExpressions.SequenceStartsWith(base: base.expression, prefix: value(prefix).expression)),
        "\(base.text).starts(with: \(prefix.debugDescription))"
      )
    case 9:
      let list = (0..<random.below(random.oneIn(5) ? 400 : 5)).map { _ in random.integer() }
      let element = int(depth: 0)
      return (
        AnyExpression(
          PredicateExpressions.SequenceContains(sequence: PredicateExpressions.Value(list), element: element.expression)
        ),
        "\(list.count <= 5 ? "\(list)" : "[\(list.count) ints]").contains(\(element.text))"
      )
    case 10:
      let bounds = [random.integer(), random.integer()].sorted()
      let element = int(depth: 0)
      if random.oneIn(2) {
        return (
          AnyExpression(
            PredicateExpressions.RangeExpressionContains(
              range: PredicateExpressions.ClosedRange(
                lower: value(bounds[0]).expression, upper: value(bounds[1]).expression),
              element: element.expression)),
          "(\(bounds[0])...\(bounds[1])).contains(\(element.text))"
        )
      }
      return (
        AnyExpression(
          PredicateExpressions.RangeExpressionContains(
            range: PredicateExpressions.Range(lower: value(bounds[0]).expression, upper: value(bounds[1]).expression),
            element: element.expression)),
        "(\(bounds[0])..<\(bounds[1])).contains(\(element.text))"
      )
    case 11:
      let genres = FuzzRecord.Genre.allCases.filter { _ in random.oneIn(2) }
      return (
        AnyExpression(
          PredicateExpressions.SequenceContains(
            sequence: PredicateExpressions.Value(genres), element: field(\.genre, "genre").expression)),
        "\(genres.map(\.rawValue)).contains(genre)"
      )
    case 12:
      let lhs = bool(depth: depth - 1)
      let rhs = bool(depth: depth - 1)
      return (
        AnyExpression(PredicateExpressions.Conjunction(lhs: lhs.expression, rhs: rhs.expression)),
        "(\(lhs.text) && \(rhs.text))"
      )
    case 13:
      let lhs = bool(depth: depth - 1)
      let rhs = bool(depth: depth - 1)
      return (
        AnyExpression(PredicateExpressions.Disjunction(lhs: lhs.expression, rhs: rhs.expression)),
        "(\(lhs.text) || \(rhs.text))"
      )
    case 14:
      let inner = bool(depth: depth - 1)
      return (AnyExpression(PredicateExpressions.Negation(inner.expression)), "!\(inner.text)")
    case 15:
      let test = bool(depth: depth - 1)
      let yes = bool(depth: depth - 1)
      let no = bool(depth: depth - 1)
      return (
        AnyExpression(
          PredicateExpressions.Conditional(
            test: test.expression, trueBranch: yes.expression, falseBranch: no.expression)),
        "(\(test.text) ? \(yes.text) : \(no.text))"
      )
    default:
      let note = random.oneIn(2) ? nil : random.text()
      let path = PredicateExpressions.KeyPath(root: field(\.info, "info").expression, keyPath: \FuzzRecord.Info.note)
      return equality((AnyExpression(path), "info.note"), value(note))
    }
  }

  mutating func int(depth: Int) -> Node<Int> {
    switch depth <= 0 ? random.below(4) : random.below(9) {
    case 0: return field(\.int, "int")
    case 1: return field(\.small, "small")
    case 2: return value(random.integer())
    case 3:
      let path = PredicateExpressions.KeyPath(root: field(\.info, "info").expression, keyPath: \FuzzRecord.Info.year)
      return (AnyExpression(path), "info.year")
    case 4:
      let fallback = random.integer()
      let optional = field(\.optInt, "optInt")
      return (
        AnyExpression(PredicateExpressions.NilCoalesce(lhs: optional.expression, rhs: value(fallback).expression)),
        "(optInt ?? \(fallback))"
      )
    case 5:
      let op = random.pick([PredicateExpressions.ArithmeticOperator.add, .subtract, .multiply])
      let constant = random.below(201) - 100
      return (
        AnyExpression(
          PredicateExpressions.Arithmetic(
            lhs: field(\.small, "small").expression, rhs: value(constant).expression, op: op)),
        "(small \(op == .add ? "+" : op == .subtract ? "-" : "*") \(constant))"
      )
    case 6:
      let divisor = random.below(9) + 1
      if random.oneIn(2) {
        return (
          AnyExpression(
            PredicateExpressions.IntDivision(lhs: field(\.int, "int").expression, rhs: value(divisor).expression)),
          "(int / \(divisor))"
        )
      }
      return (
        AnyExpression(
          PredicateExpressions.IntRemainder(lhs: field(\.int, "int").expression, rhs: value(divisor).expression)),
        "(int % \(divisor))"
      )
    case 7:
      return (AnyExpression(PredicateExpressions.UnaryMinus(field(\.small, "small").expression)), "-small")
    default:
      let test = bool(depth: depth - 1)
      let yes = int(depth: depth - 1)
      let no = int(depth: depth - 1)
      return (
        AnyExpression(
          PredicateExpressions.Conditional(
            test: test.expression, trueBranch: yes.expression, falseBranch: no.expression)),
        "(\(test.text) ? \(yes.text) : \(no.text))"
      )
    }
  }

  mutating func double(depth: Int) -> Node<Double> {
    switch depth <= 0 ? random.below(2) : random.below(4) {
    case 0: return field(\.double, "double")
    case 1: return value(random.double())
    case 2:
      let constant = random.double()
      return (
        AnyExpression(
          PredicateExpressions.Arithmetic(
            lhs: field(\.double, "double").expression, rhs: value(constant).expression, op: .add)),
        "(double + \(constant))"
      )
    default:
      let divisor = Double(random.below(7) + 1) / 2
      return (
        AnyExpression(
          PredicateExpressions.FloatDivision(lhs: field(\.double, "double").expression, rhs: value(divisor).expression)),
        "(double / \(divisor))"
      )
    }
  }

  mutating func string(nfc: Bool = false) -> Node<String> {
    let constant = { (text: String) in nfc ? text.precomposedStringWithCanonicalMapping : text }
    switch random.below(3) {
    case 0: return field(\.text, "text")
    case 1: return value(constant(random.text()))
    default:
      let fallback = constant(random.text())
      return (
        AnyExpression(
          PredicateExpressions.NilCoalesce(lhs: field(\.optText, "optText").expression, rhs: value(fallback).expression)
        ),
        "(optText ?? \(fallback.debugDescription))"
      )
    }
  }

  // MARK: Leaves and operators

  func field<T>(_ keyPath: any KeyPath<FuzzRecord, T> & Sendable, _ name: String) -> Node<T> {
    (AnyExpression(PredicateExpressions.KeyPath(root: root, keyPath: keyPath)), name)
  }

  func value<T: Codable & Sendable>(_ value: T) -> Node<T> {
    (AnyExpression(PredicateExpressions.Value(value)), "\(value)")
  }

  func nilValue<T: Codable & Sendable>() -> Node<T?> {
    (AnyExpression(PredicateExpressions.Value(T?.none)), "nil")
  }

  mutating func compare<T: Comparable & Codable & Sendable>(_ lhs: Node<T>, _ rhs: Node<T>) -> Node<Bool> {
    switch random.below(6) {
    case 0: return equality(lhs, rhs)
    case 1:
      return (
        AnyExpression(PredicateExpressions.NotEqual(lhs: lhs.expression, rhs: rhs.expression)),
        "(\(lhs.text) != \(rhs.text))"
      )
    default:
      let op = random.pick([
        PredicateExpressions.ComparisonOperator.lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual,
      ])
      let symbol =
        switch op {
        case .lessThan: "<"
        case .lessThanOrEqual: "<="
        case .greaterThan: ">"
        case .greaterThanOrEqual: ">="
        }
      return (
        AnyExpression(PredicateExpressions.Comparison(lhs: lhs.expression, rhs: rhs.expression, op: op)),
        "(\(lhs.text) \(symbol) \(rhs.text))"
      )
    }
  }

  func equality<T: Equatable & Codable & Sendable>(_ lhs: Node<T>, _ rhs: Node<T>) -> Node<Bool> {
    (
      AnyExpression(PredicateExpressions.Equal(lhs: lhs.expression, rhs: rhs.expression)),
      "(\(lhs.text) == \(rhs.text))"
    )
  }
}
