import Testing

@testable import MoviesCLI

/// Parses a command line with the fixture parser and returns the message of the usage error it
/// throws, or `nil` if it parses.
private func message(_ line: [String]) -> String? {
  do {
    _ = try ParserFixture.parser.parse(line)
    return nil
  } catch {
    return error.description
  }
}

@Suite struct ArgumentParserErrorTests {
  @Test func unknownOptionSuggestsTheClosestName() {
    #expect(
      message(["list", "--min-rat", "3"])
        == "movies list: unknown option '--min-rat'; did you mean '--min-rate'?")
    #expect(
      message(["list", "--dsc"]) == "movies list: unknown option '--dsc'; did you mean '--desc'?")
  }

  @Test func unknownOptionWithEqualsSignIsNamedWithoutItsValue() {
    #expect(
      message(["list", "--limt=3"])
        == "movies list: unknown option '--limt'; did you mean '--limit'?")
  }

  @Test func singleDashLongNameSuggestsTheDoubleDash() {
    #expect(
      message(["list", "-desc"]) == "movies list: unknown option '-desc'; did you mean '--desc'?")
  }

  @Test func unknownOptionFarFromEveryNameHasNoSuggestion() {
    #expect(message(["list", "--colour", "red"]) == "movies list: unknown option '--colour'")
    #expect(message(["list", "-x"]) == "movies list: unknown option '-x'")
  }

  @Test func subcommandOptionBeforeTheSubcommandIsUnknownToTheRoot() {
    #expect(message(["--desc", "list"]) == "movies: unknown option '--desc'")
  }

  @Test func versionIsOnlyAnOptionOfTheRoot() {
    #expect(message(["list", "--version"]) == "movies list: unknown option '--version'")
  }

  @Test func optionAtTheEndIsMissingItsValue() {
    #expect(message(["add", "Alien", "--rate"]) == "movies add: missing value for option '--rate'")
  }

  @Test func optionFollowedByAnotherOptionIsMissingItsValue() {
    #expect(
      message(["add", "Alien", "-r", "--date", "2001-01-01"])
        == "movies add: missing value for option '--rate'")
    #expect(
      message(["add", "--rate", "--", "Alien"]) == "movies add: missing value for option '--rate'")
  }

  @Test func globalOptionMissingItsValueNamesTheSubcommand() {
    #expect(message(["list", "--store"]) == "movies list: missing value for option '--store'")
  }

  @Test func flagGivenAValueIsRejected() {
    #expect(
      message(["list", "--desc=yes"])
        == "movies list: flag '--desc' does not take a value, got 'yes'")
  }

  @Test func argumentBeyondThePositionalsIsUnexpected() {
    #expect(message(["add", "Alien", "Aliens"]) == "movies add: unexpected argument 'Aliens'")
  }

  @Test func missingRequiredPositionalIsNamed() {
    #expect(message(["add", "--rate", "9"]) == "movies add: missing required argument '<title>'")
  }

  @Test func missingRequiredOptionIsNamed() {
    let parser = ArgumentParser(
      root: CommandSpec(
        name: "rename", arguments: [.option("to", help: "The new title.", required: true)]))
    #expect(throws: UsageError(command: "rename", problem: .missingOption("--to"))) {
      try parser.parse([])
    }
    #expect(
      UsageError(command: "rename", problem: .missingOption("--to")).description
        == "rename: missing required option '--to'")
  }

  @Test func unknownCommandSuggestsTheClosestName() {
    #expect(message(["lst"]) == "movies: unknown command 'lst'; did you mean 'list'?")
    #expect(message(["hlp"]) == "movies: unknown command 'hlp'; did you mean 'help'?")
    #expect(message(["remove", "3"]) == "movies: unknown command 'remove'")
  }

  @Test func unknownCommandAfterHelpIsReportedInsteadOfHelp() {
    #expect(message(["help", "lst"]) == "movies: unknown command 'lst'; did you mean 'list'?")
    #expect(message(["help", "hlp"]) == "movies: unknown command 'hlp'")
  }

  @Test func optionGivenTwiceIsRejectedUnlessRepeatable() {
    #expect(
      message(["add", "Alien", "--rate", "8", "--rate=9"])
        == "movies add: option '--rate' given more than once")
    #expect(
      message(["list", "-d", "--desc"]) == "movies list: option '--desc' given more than once")
    #expect(
      message(["--store", "a", "list", "--store", "b"])
        == "movies list: option '--store' given more than once")
  }

  @Test func firstMistakeOnTheLineIsReported() {
    #expect(
      message(["list", "--limit", "--min-rat", "3"])
        == "movies list: missing value for option '--limit'")
  }

  @Test func usageErrorIsAThrownValueWithTheProblemAndExitStatus() {
    #expect(
      throws: UsageError(
        command: "movies list", problem: .unknownOption("--min-rat", suggestion: "--min-rate"))
    ) {
      try ParserFixture.parser.parse(["list", "--min-rat", "3"])
    }
    #expect(UsageError.exitStatus == 2)
  }

  @Test func suggestionsAllowOneEditPerThreeCharactersUpToTwoCountingSwaps() {
    #expect(Suggestion.editDistance("min-rat", "min-rate") == 1)
    #expect(Suggestion.editDistance("kitten", "sitting") == 3)
    #expect(Suggestion.editDistance("", "abc") == 3)
    #expect(Suggestion.editDistance("imgae", "image") == 1)
    #expect(Suggestion.editDistance("list", "list") == 0)
    #expect(Suggestion.closest(to: "lst", in: ["add", "list"]) == "list")
    #expect(Suggestion.closest(to: "ad", in: ["add", "list"]) == "add")
    #expect(Suggestion.closest(to: "xy", in: ["add", "list"]) == nil)
    #expect(Suggestion.closest(to: "imgae", in: ["image", "date"]) == "image")
  }
}
