/// A node that combines its operands' bounds itself (the logic of `&&`, `||`, `!` and `?:`), so
/// an inexact operand does not make its own value unknown.
protocol BoundsCombining {}

/// Counts the inexact terms a translation has made, so that a node that does not combine
/// bounds itself knows when one of its operands was inexact (see
/// ``PredicateTranslator/translate(_:)``).
final class InexactTermCount {
  /// The inexact terms made so far.
  var value = 0
}
