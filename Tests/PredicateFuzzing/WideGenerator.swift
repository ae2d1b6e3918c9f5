import Foundation

/// Builds random predicates over ``WideRecord``, each with a readable description.
///
/// Arithmetic is generated everywhere, at the extremes of each width: where Swift would trap,
/// a checked node throws ``FuzzTrap`` and the query must fail too. Floating-point arithmetic
/// reaches infinities and NaN (`d / d`, `d - d`).
struct WideGenerator {
  typealias Node<T> = (expression: ErasedExpression<T>, text: String)
  typealias Integer = FixedWidthInteger & Codable & Sendable

  var random: WideRandom
  let root: PredicateExpressions.Variable<WideRecord>
  /// Values the records hold, so that equality tests find some.
  let uuids: [UUID]

  mutating func bool(depth: Int) -> Node<Bool> {
    switch depth <= 0 ? random.below(13) : random.below(20) {
    case 0: return integerTest(depth: depth - 1)
    case 1: return compare(double(depth: depth - 1), double(depth: depth - 1))
    case 2: return compare(float(depth: depth - 1), float(depth: depth - 1))
    case 3: return textTest()
    case 4: return compare(field(\.date, "date"), value(random.date()))
    case 5: return uuidTest()
    case 6:
      return equality(field(\.data, "data"), value(random.pick([Data(), Data([0]), Data([1, 2]), Data([0, 0])])))
    case 7: return levelTest()
    case 8:
      let uuid = random.pick(uuids + [UUID()])
      let inDetail = random.oneIn(2)
      let sequence: Node<[UUID]> =
        inDetail
        ? path(field(\.detail, "detail"), \WideRecord.Detail.ids, "detail.ids") : field(\.ids, "ids")
      return (
        ErasedExpression(
          PredicateExpressions.SequenceContains(sequence: sequence.expression, element: value(uuid).expression)),
        "\(sequence.text).contains(\(uuid.uuidString.prefix(8)))"
      )
    case 9:
      let element = integer(Int.self, depth: 0)
      return (
        ErasedExpression(
          PredicateExpressions.SequenceContains(
            sequence: field(\.numbers, "numbers").expression, element: element.expression)),
        "numbers.contains(\(element.text))"
      )
    case 10:
      let count = path(field(\.detail, "detail"), \WideRecord.Detail.count, "detail.count")
      let fallback: Int8 = random.value()
      let coalesced: Node<Int8> = (
        ErasedExpression(PredicateExpressions.NilCoalesce(lhs: count.expression, rhs: value(fallback).expression)),
        "(detail.count ?? \(fallback))"
      )
      return compare(integerArithmetic(coalesced, depth: depth - 1), value(random.value() as Int8))
    case 11: return compare(field(\.left, "left"), random.oneIn(2) ? field(\.right, "right") : value(random.value()))
    case 12: return otherTest()
    case 13:
      let (lhs, rhs) = (bool(depth: depth - 1), bool(depth: depth - 1))
      return (
        ErasedExpression(PredicateExpressions.Conjunction(lhs: lhs.expression, rhs: rhs.expression)),
        "(\(lhs.text) && \(rhs.text))"
      )
    case 14:
      let (lhs, rhs) = (bool(depth: depth - 1), bool(depth: depth - 1))
      return (
        ErasedExpression(PredicateExpressions.Disjunction(lhs: lhs.expression, rhs: rhs.expression)),
        "(\(lhs.text) || \(rhs.text))"
      )
    case 15:
      let inner = bool(depth: depth - 1)
      return (ErasedExpression(PredicateExpressions.Negation(inner.expression)), "!\(inner.text)")
    case 16:
      let (test, yes, no) = (bool(depth: depth - 1), bool(depth: depth - 1), bool(depth: depth - 1))
      return (
        ErasedExpression(
          PredicateExpressions.Conditional(
            test: test.expression, trueBranch: yes.expression, falseBranch: no.expression)
        ),
        "(\(test.text) ? \(yes.text) : \(no.text))"
      )
    case 17:
      // A condition used as a value: compared with a Bool, where SQL must not evaluate what
      // Swift's && and || skip.
      let inner = bool(depth: depth - 1)
      let flag = random.oneIn(2)
      return equality(inner, value(flag))
    case 18: return guarded(depth: depth - 1)
    default:
      let unwrapped: Node<Double> = (
        ErasedExpression(CheckedUnwrap(inner: field(\.optD, "optD").expression)), "optD!"
      )
      let test = compare(unwrapped, value(random.double()))
      guard random.oneIn(2) else { return test }
      let present: Node<Bool> = (
        ErasedExpression(
          PredicateExpressions.NotEqual(lhs: field(\.optD, "optD").expression, rhs: value(Double?.none).expression)),
        "(optD != nil)"
      )
      return (
        ErasedExpression(PredicateExpressions.Conjunction(lhs: present.expression, rhs: test.expression)),
        "(\(present.text) && \(test.text))"
      )
    }
  }

  // MARK: Integers

  /// A comparison of integers of one random width.
  mutating func integerTest(depth: Int) -> Node<Bool> {
    switch random.below(7) {
    case 0: return compare(integer(Int8.self, depth: depth), integer(Int8.self, depth: depth))
    case 1: return compare(integer(Int16.self, depth: depth), integer(Int16.self, depth: depth))
    case 2: return compare(integer(Int32.self, depth: depth), integer(Int32.self, depth: depth))
    case 3: return compare(integer(UInt8.self, depth: depth), integer(UInt8.self, depth: depth))
    case 4: return compare(integer(UInt32.self, depth: depth), integer(UInt32.self, depth: depth))
    case 5: return compare(integer(UInt.self, depth: depth), integer(UInt.self, depth: depth))
    default: return compare(integer(Int.self, depth: depth), integer(Int.self, depth: depth))
    }
  }

  /// An integer of a width: its field, a value at the extremes, or checked arithmetic.
  mutating func integer<W: Integer>(_ type: W.Type, depth: Int) -> Node<W> {
    let leaf: Node<W> = random.oneIn(3) ? value(random.value()) : integerField(type)
    guard depth > 0, random.oneIn(2) else { return leaf }
    return integerArithmetic(leaf, depth: depth)
  }

  /// Checked arithmetic on an integer, with another of its width.
  mutating func integerArithmetic<W: Integer>(_ operand: Node<W>, depth: Int) -> Node<W> {
    let other = integer(W.self, depth: depth - 1)
    let choice = random.below(W.isSigned ? 6 : 5)
    guard choice < 5 else { return negated(operand) }
    let operation = [CheckedInteger<W>.Operation.add, .subtract, .multiply, .divide, .remainder][choice]
    let symbol = ["+", "-", "*", "/", "%"][choice]
    return (
      ErasedExpression(CheckedInteger(lhs: operand.expression, rhs: other.expression, operation: operation)),
      "(\(operand.text) \(symbol) \(other.text))"
    )
  }

  /// `-operand`, for a signed width.
  func negated<W: Integer>(_ operand: Node<W>) -> Node<W> {
    func negation<S: Integer & SignedNumeric>(_ node: Node<S>) -> Node<S> {
      (ErasedExpression(CheckedNegation(operand: node.expression)), "-\(node.text)")
    }
    let result: Any =
      switch operand {
      case let node as Node<Int8>: negation(node)
      case let node as Node<Int16>: negation(node)
      case let node as Node<Int32>: negation(node)
      case let node as Node<Int>: negation(node)
      default: operand
      }
    return result as? Node<W> ?? operand
  }

  /// The field of a width.
  func integerField<W: Integer>(_ type: W.Type) -> Node<W> {
    let node: Any =
      switch type {
      case is Int8.Type: field(\.i8, "i8")
      case is Int16.Type: field(\.i16, "i16")
      case is Int32.Type: field(\.i32, "i32")
      case is UInt8.Type: field(\.u8, "u8")
      case is UInt32.Type: field(\.u32, "u32")
      case is UInt.Type: field(\.u, "u")
      default: field(\.int, "int")
      }
    return node as! Node<W>
  }

  /// `d != 0 && C op d` and the like: a guard Swift short-circuits, often used as a value.
  mutating func guarded(depth: Int) -> Node<Bool> {
    let divisor = integerField(Int16.self)
    let dividend: Int16 = random.value()
    let nonZero: Node<Bool> = (
      ErasedExpression(PredicateExpressions.NotEqual(lhs: divisor.expression, rhs: value(Int16(0)).expression)),
      "(\(divisor.text) != 0)"
    )
    let quotient: Node<Int16> = (
      ErasedExpression(
        CheckedInteger(
          lhs: value(dividend).expression, rhs: divisor.expression, operation: random.oneIn(2) ? .divide : .remainder)),
      "(\(dividend) / \(divisor.text))"
    )
    let test = compare(quotient, value(random.value() as Int16))
    let isOr = random.oneIn(2)
    let combined: Node<Bool> =
      isOr
      ? (
        ErasedExpression(
          PredicateExpressions.Disjunction(
            lhs: PredicateExpressions.Negation(nonZero.expression), rhs: test.expression)),
        "(!\(nonZero.text) || \(test.text))"
      )
      : (
        ErasedExpression(PredicateExpressions.Conjunction(lhs: nonZero.expression, rhs: test.expression)),
        "(\(nonZero.text) && \(test.text))"
      )
    return random.oneIn(2) ? equality(combined, value(random.oneIn(2))) : combined
  }

  // MARK: Floating point

  mutating func double(depth: Int) -> Node<Double> {
    switch depth <= 0 ? random.below(4) : random.below(7) {
    case 0: return field(\.d, "d")
    case 1: return value(random.double())
    case 2:
      let fallback = random.double()
      return (
        ErasedExpression(
          PredicateExpressions.NilCoalesce(lhs: field(\.optD, "optD").expression, rhs: value(fallback).expression)),
        "(optD ?? \(fallback))"
      )
    case 3: return path(field(\.detail, "detail"), \WideRecord.Detail.whole, "detail.whole")
    case 4, 5:
      let (lhs, rhs) = (double(depth: depth - 1), double(depth: depth - 1))
      let choice = random.below(4)
      let symbol = ["+", "-", "*", "/"][choice]
      let expression: ErasedExpression<Double> =
        choice == 3
        ? ErasedExpression(PredicateExpressions.FloatDivision(lhs: lhs.expression, rhs: rhs.expression))
        : ErasedExpression(
          PredicateExpressions.Arithmetic(
            lhs: lhs.expression, rhs: rhs.expression, op: [.add, .subtract, .multiply][choice]))
      return (expression, "(\(lhs.text) \(symbol) \(rhs.text))")
    default:
      let (test, yes, no) = (bool(depth: depth - 1), double(depth: depth - 1), double(depth: depth - 1))
      return (
        ErasedExpression(
          PredicateExpressions.Conditional(
            test: test.expression, trueBranch: yes.expression, falseBranch: no.expression)
        ),
        "(\(test.text) ? \(yes.text) : \(no.text))"
      )
    }
  }

  mutating func float(depth: Int) -> Node<Float> {
    switch depth <= 0 ? random.below(3) : random.below(5) {
    case 0: return field(\.f, "f")
    case 1: return value(random.float())
    case 2: return path(field(\.detail, "detail"), \WideRecord.Detail.single, "detail.single")
    default:
      let (lhs, rhs) = (float(depth: depth - 1), float(depth: depth - 1))
      let choice = random.below(4)
      let symbol = ["+", "-", "*", "/"][choice]
      let expression: ErasedExpression<Float> =
        choice == 3
        ? ErasedExpression(PredicateExpressions.FloatDivision(lhs: lhs.expression, rhs: rhs.expression))
        : ErasedExpression(
          PredicateExpressions.Arithmetic(
            lhs: lhs.expression, rhs: rhs.expression, op: [.add, .subtract, .multiply][choice]))
      return (expression, "(\(lhs.text) \(symbol) \(rhs.text))")
    }
  }

  // MARK: Other kinds

  mutating func textTest() -> Node<Bool> {
    let text: Node<String> =
      random.oneIn(3)
      ? (
        ErasedExpression(
          PredicateExpressions.NilCoalesce(lhs: field(\.optText, "optText").expression, rhs: value("").expression)),
        "(optText ?? \"\")"
      ) : field(\.text, "text")
    let other = random.pick(WideRandom.texts)
    switch random.below(3) {
    case 0: return equality(text, value(other))
    case 1:
      return (
        ErasedExpression(
          PredicateExpressions.CollectionContainsCollection(base: text.expression, other: value(other).expression)),
        "\(text.text).contains(\(other.debugDescription))"
      )
    default:
      return (
        ErasedExpression(
          PredicateExpressions.SequenceStartsWith(base: text.expression, prefix: value(other).expression)),
        "\(text.text).starts(with: \(other.debugDescription))"
      )
    }
  }

  /// Booleans, optional chaining into a nested value, text order, and dates and text in JSON.
  mutating func otherTest() -> Node<Bool> {
    switch random.below(6) {
    case 0: return random.oneIn(2) ? field(\.flag, "flag") : equality(field(\.flag, "flag"), value(random.oneIn(2)))
    case 1: return equality(field(\.optFlag, "optFlag"), value(random.oneIn(3) ? nil : random.oneIn(2)))
    case 2:
      let fallback = random.double()
      let whole: Node<Double?> = (
        ErasedExpression(
          PredicateExpressions.OptionalFlatMap(field(\.optDetail, "optDetail").expression) { detail in
            PredicateExpressions.KeyPath(root: detail, keyPath: \WideRecord.Detail.whole)
          }),
        "optDetail?.whole"
      )
      let coalesced: Node<Double> = (
        ErasedExpression(PredicateExpressions.NilCoalesce(lhs: whole.expression, rhs: value(fallback).expression)),
        "(optDetail?.whole ?? \(fallback))"
      )
      return compare(coalesced, double(depth: 0))
    case 3:
      let other = random.pick(WideRandom.texts).precomposedStringWithCanonicalMapping
      return compare(field(\.text, "text"), value(other))
    case 4: return compare(path(field(\.detail, "detail"), \WideRecord.Detail.day, "detail.day"), value(random.date()))
    default:
      let name = path(field(\.detail, "detail"), \WideRecord.Detail.name, "detail.name")
      return equality(name, value(random.pick(WideRandom.texts)))
    }
  }

  mutating func uuidTest() -> Node<Bool> {
    let uuid = random.pick(uuids + [UUID()])
    switch random.below(3) {
    case 0: return equality(field(\.uuid, "uuid"), value(uuid))
    case 1: return equality(field(\.optUUID, "optUUID"), value(random.oneIn(2) ? nil : uuid))
    default:
      return (
        ErasedExpression(
          PredicateExpressions.SequenceContains(
            sequence: field(\.ids, "ids").expression, element: field(\.uuid, "uuid").expression)),
        "ids.contains(uuid)"
      )
    }
  }

  mutating func levelTest() -> Node<Bool> {
    let level = random.pick(WideRecord.Level.allCases)
    switch random.below(3) {
    case 0: return equality(field(\.level, "level"), value(level))
    case 1: return equality(field(\.optLevel, "optLevel"), value(random.oneIn(2) ? nil : level))
    default:
      let levels = WideRecord.Level.allCases.filter { _ in random.oneIn(2) }
      return (
        ErasedExpression(
          PredicateExpressions.SequenceContains(
            sequence: PredicateExpressions.Value(levels), element: field(\.level, "level").expression)),
        "\(levels.map(\.rawValue)).contains(level)"
      )
    }
  }

  // MARK: Leaves and operators

  func field<T>(_ keyPath: any KeyPath<WideRecord, T> & Sendable, _ name: String) -> Node<T> {
    (ErasedExpression(PredicateExpressions.KeyPath(root: root, keyPath: keyPath)), name)
  }

  func path<Base, T>(_ base: Node<Base>, _ keyPath: any KeyPath<Base, T> & Sendable, _ name: String) -> Node<T> {
    (ErasedExpression(PredicateExpressions.KeyPath(root: base.expression, keyPath: keyPath)), name)
  }

  func value<T: Codable & Sendable>(_ value: T) -> Node<T> {
    (ErasedExpression(PredicateExpressions.Value(value)), "\(value)")
  }

  mutating func compare<T: Comparable & Codable & Sendable>(_ lhs: Node<T>, _ rhs: Node<T>) -> Node<Bool> {
    switch random.below(6) {
    case 0: return equality(lhs, rhs)
    case 1:
      return (
        ErasedExpression(PredicateExpressions.NotEqual(lhs: lhs.expression, rhs: rhs.expression)),
        "(\(lhs.text) != \(rhs.text))"
      )
    default:
      let choice = random.below(4)
      let op = [PredicateExpressions.ComparisonOperator.lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual][
        choice]
      return (
        ErasedExpression(PredicateExpressions.Comparison(lhs: lhs.expression, rhs: rhs.expression, op: op)),
        "(\(lhs.text) \(["<", "<=", ">", ">="][choice]) \(rhs.text))"
      )
    }
  }

  func equality<T: Equatable & Codable & Sendable>(_ lhs: Node<T>, _ rhs: Node<T>) -> Node<Bool> {
    (
      ErasedExpression(PredicateExpressions.Equal(lhs: lhs.expression, rhs: rhs.expression)),
      "(\(lhs.text) == \(rhs.text))"
    )
  }
}
