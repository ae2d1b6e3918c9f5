/// A type whose values can be read from command-line text.
///
/// `String`, `Int` and `Double` conform; string-backed enumerations that are `CaseIterable`
/// conform by declaring it. Add conformances for other types the commands read:
///
/// ```swift
/// enum SortOrder: String, CaseIterable, ArgumentValue {
///   case title, date, rate
/// }
///
/// static let sort = Option<SortOrder>("sort", default: .date, help: "The order.")
/// ```
public protocol ArgumentValue: Sendable {
  /// Creates a value from the text of an argument, or returns `nil` when the text is invalid.
  init?(argument: String)

  /// A phrase naming what valid text looks like, used in error messages: `an integer`.
  static var expectation: String { get }

  /// The text of one valid value, such as `0`; the command-tree test gives it to every
  /// declared argument of this type.
  static var exampleArgument: String { get }
}

extension String: ArgumentValue {
  /// Creates the string itself; any text is valid.
  public init?(argument: String) {
    self = argument
  }

  /// Describes valid text as `a string`.
  public static var expectation: String { "a string" }

  /// Any text is an example.
  public static var exampleArgument: String { "text" }
}

extension Int: ArgumentValue {
  /// Creates an integer from decimal digits with an optional sign, such as `8` or `-3`.
  public init?(argument: String) {
    self.init(argument, radix: 10)
  }

  /// Describes valid text as `an integer`.
  public static var expectation: String { "an integer" }

  /// Zero.
  public static var exampleArgument: String { "0" }
}

extension Double: ArgumentValue {
  /// Creates a finite number from decimal text, such as `7.5` or `-1e3`.
  public init?(argument: String) {
    guard let value = Double(argument), value.isFinite else { return nil }
    self = value
  }

  /// Describes valid text as `a number`.
  public static var expectation: String { "a number" }

  /// A half.
  public static var exampleArgument: String { "0.5" }
}

extension ArgumentValue where Self: RawRepresentable & CaseIterable, RawValue == String {
  /// Creates the case whose raw value is the text.
  public init?(argument: String) {
    self.init(rawValue: argument)
  }

  /// Lists the raw values of every case: `one of 'title', 'date'`.
  public static var expectation: String {
    "one of " + allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
  }

  /// The first case's raw value.
  public static var exampleArgument: String { allCases.first?.rawValue ?? "" }
}
