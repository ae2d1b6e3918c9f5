extension Bool: ArgumentValue {
  /// Reads `true` or `false`.
  public init?(argument: String) {
    switch argument {
    case "true": self = true
    case "false": self = false
    default: return nil
    }
  }

  /// Describes valid text as `true or false`.
  public static var expectation: String { "true or false" }

  /// `true`.
  public static var exampleArgument: String { "true" }
}
