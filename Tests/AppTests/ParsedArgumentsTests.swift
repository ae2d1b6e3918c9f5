import Testing

@testable import MoviesCLI

/// How movies are sorted, read from `--sort` to show enumeration values.
private enum SortOrder: String, CaseIterable, ArgumentValue {
  case title, date
}

@Suite struct ParsedArgumentsTests {
  let arguments = ParsedArguments(
    command: "movies add",
    options: ["rate": ["9"], "score": ["7.5"], "image": ["a.jpg", "b.jpg"], "sort": ["date"]],
    positionals: ["title": ["Alien"], "id": ["3", "1"]],
    flags: ["desc"])

  @Test func stringReadsOptionsAndPositionals() {
    #expect(arguments.string("rate") == "9")
    #expect(arguments.string("title") == "Alien")
    #expect(arguments.string("missing") == nil)
  }

  @Test func stringsAndPositionalsKeepTheOrderGiven() {
    #expect(arguments.strings("image") == ["a.jpg", "b.jpg"])
    #expect(arguments.positionals("id") == ["3", "1"])
    #expect(arguments.positionals("image") == [])
  }

  @Test func flagIsTrueOnlyWhenGiven() {
    #expect(arguments.flag("desc"))
    #expect(!arguments.flag("verbose"))
  }

  @Test func valuesConvertToIntDoubleStringAndEnumerations() throws {
    #expect(try arguments.value("rate", as: Int.self) == 9)
    #expect(try arguments.value("score", as: Double.self) == 7.5)
    #expect(try arguments.value("title", as: String.self) == "Alien")
    #expect(try arguments.value("sort", as: SortOrder.self) == .date)
    #expect(try arguments.value("missing", as: Int.self) == nil)
    #expect(try arguments.values("id", as: Int.self) == [3, 1])
  }

  @Test func optionThatIsNotAnIntegerNamesTheOptionAndValue() {
    let arguments = ParsedArguments(command: "movies add", options: ["rate": ["ten"]])
    #expect(
      throws: UsageError(
        command: "movies add",
        problem: .invalidValue(argument: "--rate", expected: "an integer", value: "ten"))
    ) {
      try arguments.value("rate", as: Int.self)
    }
    let message = invalidValueMessage { try arguments.value("rate", as: Int.self) }
    #expect(message == "movies add: --rate expects an integer, got 'ten'")
  }

  @Test func positionalThatIsNotAnIntegerIsNamedInAngleBrackets() {
    let message = invalidValueMessage { try arguments.values("title", as: Int.self) }
    #expect(message == "movies add: <title> expects an integer, got 'Alien'")
  }

  @Test func invalidNumbersAndEnumerationCasesAreRejectedWithWhatIsExpected() {
    let arguments = ParsedArguments(
      command: "movies list", options: ["score": ["inf"], "sort": ["rate"], "limit": ["3.0"]])
    let score = invalidValueMessage { try arguments.value("score", as: Double.self) }
    let sort = invalidValueMessage { try arguments.value("sort", as: SortOrder.self) }
    let limit = invalidValueMessage { try arguments.value("limit", as: Int.self) }

    #expect(score == "movies list: --score expects a number, got 'inf'")
    #expect(sort == "movies list: --sort expects one of 'title', 'date', got 'rate'")
    #expect(limit == "movies list: --limit expects an integer, got '3.0'")
  }

  @Test func textConversionsAcceptSignsAndDecimals() {
    #expect(Int(argument: "-3") == -3)
    #expect(Int(argument: "+3") == 3)
    #expect(Int(argument: " 3") == nil)
    #expect(Double(argument: "-1e3") == -1000)
    #expect(Double(argument: "nan") == nil)
    #expect(String(argument: "") == "")
  }

  /// Runs a conversion that should fail and returns the message of its usage error.
  private func invalidValueMessage<Value>(_ convert: () throws -> Value) -> String? {
    do {
      _ = try convert()
      return nil
    } catch let error as UsageError {
      return error.description
    } catch {
      Issue.record("expected a UsageError, got \(error)")
      return nil
    }
  }
}
