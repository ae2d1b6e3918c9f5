import Testing

@testable import MoviesCLI

/// A `movies` tool declared like the app's, shared by the parser tests.
enum ParserFixture {
  /// The root command: a global `--store` option, a version, and `add` and `list`.
  static let movies = CommandSpec(
    name: "movies",
    abstract: "Manage a personal movie catalog.",
    version: "1.2.0",
    arguments: [
      .option("store", valueName: "PATH", help: "The catalog file.")
    ],
    subcommands: [
      CommandSpec(
        name: "add",
        abstract: "Add a movie to the catalog.",
        arguments: [
          .positional("title", help: "The movie's title."),
          .option("rate", short: "r", valueName: "N", help: "A rating from 0 to 10."),
          .option(
            "image", valueName: "PATH", help: "An image file to attach; repeat to attach several.",
            repeatable: true),
          .option("date", valueName: "DATE", help: "The release date, as YYYY-MM-DD."),
        ]),
      CommandSpec(
        name: "list",
        abstract: "List the movies in the catalog.",
        discussion: """
          Movies are sorted by date, oldest first. Give identifiers to list only those movies, \
          in the order of their dates.

          Example:
            movies list --min-rate 8 --desc
          """,
        arguments: [
          .option(
            "min-rate", valueName: "N",
            help:
              "Only list movies rated at least N, from 0 to 10. Movies without a rating count as 0."
          ),
          .option("limit", short: "n", valueName: "N", help: "List at most N movies."),
          .flag("desc", short: "d", help: "Sort from newest to oldest."),
          .positional("id", help: "The movies to list.", repeatable: true, optional: true),
        ]),
    ])

  /// A parser for ``movies``.
  static let parser = ArgumentParser(root: movies)
}

/// Parses a command line with the fixture parser and returns the arguments of the command run.
private func run(_ line: [String], path: [String]) throws -> ParsedArguments {
  let outcome = try ParserFixture.parser.parse(line)
  guard case .run(path, let arguments) = outcome else {
    Issue.record("expected to run \(path), got \(outcome)")
    return ParsedArguments(command: "")
  }
  return arguments
}

@Suite struct ArgumentParserTests {
  let parser = ParserFixture.parser

  @Test func subcommandWithPositionalAndOptionsRunsWithTheirValues() throws {
    let outcome = try parser.parse(["add", "Alien", "--rate", "9", "--date", "1979-05-25"])

    #expect(
      outcome
        == .run(
          path: ["add"],
          arguments: ParsedArguments(
            command: "movies add",
            options: ["rate": ["9"], "date": ["1979-05-25"]],
            positionals: ["title": ["Alien"]])))
  }

  @Test func optionValueCanFollowAnEqualsSign() throws {
    let arguments = try run(["add", "--rate=9", "Alien"], path: ["add"])
    #expect(arguments.string("rate") == "9")
    #expect(arguments.string("title") == "Alien")
  }

  @Test func valueAfterEqualsSignMayBeEmptyOrLookLikeAnOption() throws {
    let arguments = try run(["add", "Alien", "--date=", "--store=--odd"], path: ["add"])
    #expect(arguments.string("date") == "")
    #expect(arguments.string("store") == "--odd")
  }

  @Test func shortNamesWorkForOptionsAndFlags() throws {
    let arguments = try run(["list", "-n", "5", "-d"], path: ["list"])
    #expect(arguments.string("limit") == "5")
    #expect(arguments.flag("desc"))
  }

  @Test func absentFlagsAndOptionsReadAsFalseAndNil() throws {
    let arguments = try run(["list"], path: ["list"])
    #expect(!arguments.flag("desc"))
    #expect(arguments.string("limit") == nil)
    #expect(arguments.strings("image") == [])
    #expect(arguments.positionals("id") == [])
  }

  @Test func repeatedOptionKeepsValuesInTheOrderGiven() throws {
    let arguments = try run(
      ["add", "--image", "b.jpg", "Alien", "--image=a.jpg", "--image", "c.jpg"], path: ["add"])
    #expect(arguments.strings("image") == ["b.jpg", "a.jpg", "c.jpg"])
    #expect(arguments.string("image") == "c.jpg")
  }

  @Test func repeatablePositionalCollectsEveryValueInOrder() throws {
    let arguments = try run(["list", "3", "--desc", "1", "2"], path: ["list"])
    #expect(arguments.positionals("id") == ["3", "1", "2"])
  }

  @Test func globalOptionIsAcceptedBeforeTheSubcommand() throws {
    let arguments = try run(["--store", "a.sqlite", "list"], path: ["list"])
    #expect(arguments.string("store") == "a.sqlite")
    #expect(arguments.command == "movies list")
  }

  @Test func globalOptionIsAcceptedAfterTheSubcommand() throws {
    let arguments = try run(["list", "--desc", "--store=b.sqlite"], path: ["list"])
    #expect(arguments.string("store") == "b.sqlite")
  }

  @Test func doubleDashMakesEveryLaterArgumentPositional() throws {
    let arguments = try run(["add", "--rate", "3", "--", "-x"], path: ["add"])
    #expect(arguments.string("title") == "-x")
    #expect(arguments.string("rate") == "3")
  }

  @Test func doubleDashTurnsHelpAndOptionNamesIntoValues() throws {
    let arguments = try run(["list", "--", "--help", "-d", "--"], path: ["list"])
    #expect(arguments.positionals("id") == ["--help", "-d", "--"])
    #expect(!arguments.flag("desc"))
  }

  @Test func negativeNumbersAndLoneDashAreValuesNotOptions() throws {
    let arguments = try run(["add", "-", "--rate", "-1"], path: ["add"])
    #expect(arguments.string("title") == "-")
    #expect(arguments.string("rate") == "-1")
  }

  @Test func subcommandNameAfterTheSubcommandIsAPositional() throws {
    let arguments = try run(["add", "list"], path: ["add"])
    #expect(arguments.string("title") == "list")
  }

  @Test func helpFlagAnywhereAsksForHelpOnTheCommandReached() throws {
    #expect(try parser.parse(["--help"]) == .help(path: []))
    #expect(try parser.parse(["-h"]) == .help(path: []))
    #expect(try parser.parse(["list", "--help"]) == .help(path: ["list"]))
    #expect(try parser.parse(["--help", "list"]) == .help(path: ["list"]))
    #expect(try parser.parse(["--store", "x", "add", "Alien", "-h"]) == .help(path: ["add"]))
  }

  @Test func helpFlagWinsOverMistakesOnTheLine() throws {
    #expect(try parser.parse(["list", "--min-rat", "--help"]) == .help(path: ["list"]))
    #expect(try parser.parse(["add", "--help"]) == .help(path: ["add"]))
  }

  @Test func helpCommandAsksForHelpOnTheNamedCommand() throws {
    #expect(try parser.parse(["help"]) == .help(path: []))
    #expect(try parser.parse(["help", "list"]) == .help(path: ["list"]))
    #expect(try parser.parse(["--store", "x", "help", "add"]) == .help(path: ["add"]))
    #expect(try parser.parse(["help", "help"]) == .help(path: []))
  }

  @Test func rootWithoutSubcommandAsksForRootHelp() throws {
    #expect(try parser.parse([]) == .help(path: []))
    #expect(try parser.parse(["--store", "x"]) == .help(path: []))
  }

  @Test func versionFlagOnTheRootAsksForTheVersion() throws {
    #expect(try parser.parse(["--version"]) == .version("1.2.0"))
  }

  @Test func parserAcceptsAnySequenceSuchAsDroppedProgramName() throws {
    let commandLine = ["movies", "list", "-d"]
    let arguments = try run(Array(commandLine.dropFirst()), path: ["list"])
    #expect(arguments.flag("desc"))
    #expect(
      try parser.parse(commandLine.dropFirst())
        == .run(path: ["list"], arguments: ParsedArguments(command: "movies list", flags: ["desc"]))
    )
  }

  @Test func outcomePathsCanBeMatchedWithArrayLiterals() throws {
    let outcome = try parser.parse(["add", "Alien"])
    let dispatched: String
    switch outcome {
    case .run(path: ["add"], let arguments): dispatched = "add " + (arguments.string("title") ?? "")
    case .run(path: ["list"], _): dispatched = "list"
    case .run, .help, .version: dispatched = "other"
    }
    #expect(dispatched == "add Alien")
  }

  @Test func rootWithoutSubcommandsReadsItsOwnArguments() throws {
    let greet = ArgumentParser(
      root: CommandSpec(
        name: "greet",
        arguments: [
          .positional("first", help: "The first name."),
          .positional("middle", help: "Middle names.", repeatable: true, optional: true),
          .positional("last", help: "The last name."),
          .option("greeting", help: "The greeting.", required: true),
        ]))

    #expect(
      try greet.parse(["--greeting", "Hi", "Ada", "King"])
        == .run(
          path: [],
          arguments: ParsedArguments(
            command: "greet", options: ["greeting": ["Hi"]],
            positionals: ["first": ["Ada"], "last": ["King"]])))
    #expect(
      try greet.parse(["Ada", "Augusta", "Byron", "King", "--greeting=Hi"])
        == .run(
          path: [],
          arguments: ParsedArguments(
            command: "greet", options: ["greeting": ["Hi"]],
            positionals: ["first": ["Ada"], "middle": ["Augusta", "Byron"], "last": ["King"]])))
  }

  @Test func optionalPositionalIsFilledOnlyWhenValuesRemain() throws {
    let copy = ArgumentParser(
      root: CommandSpec(
        name: "copy",
        arguments: [
          .positional("source", help: "The file to copy."),
          .positional("destination", help: "Where to copy it.", optional: true),
        ]))

    #expect(
      try copy.parse(["a"])
        == .run(
          path: [], arguments: ParsedArguments(command: "copy", positionals: ["source": ["a"]])))
    #expect(
      try copy.parse(["a", "b"])
        == .run(
          path: [],
          arguments: ParsedArguments(
            command: "copy", positionals: ["source": ["a"], "destination": ["b"]])))
  }

  @Test func nestedSubcommandsInheritOptionsFromEveryAncestor() throws {
    let tool = ArgumentParser(
      root: CommandSpec(
        name: "movies",
        arguments: [.flag("verbose", short: "v", help: "Log more.")],
        subcommands: [
          CommandSpec(
            name: "tag",
            arguments: [.option("color", help: "The tag color.")],
            subcommands: [
              CommandSpec(name: "add", arguments: [.positional("name", help: "The tag.")])
            ])
        ]))

    #expect(
      try tool.parse(["-v", "tag", "--color", "red", "add", "scifi"])
        == .run(
          path: ["tag", "add"],
          arguments: ParsedArguments(
            command: "movies tag add", options: ["color": ["red"]],
            positionals: ["name": ["scifi"]], flags: ["verbose"])))
    #expect(try tool.parse(["tag"]) == .help(path: ["tag"]))
    #expect(try tool.parse(["help", "tag", "add"]) == .help(path: ["tag", "add"]))
  }

  @Test func userCommandNamedHelpIsRunLikeAnyOther() throws {
    let tool = ArgumentParser(
      root: CommandSpec(name: "tool", subcommands: [CommandSpec(name: "help")]))
    #expect(
      try tool.parse(["help"])
        == .run(path: ["help"], arguments: ParsedArguments(command: "tool help")))
  }
}

/// The parser's raw output read by name, to test what it found; commands read typed
/// declarations instead.
extension ParsedArguments {
  fileprivate func strings(_ name: String) -> [String] { options[name] ?? positionalValues[name] ?? [] }
  fileprivate func string(_ name: String) -> String? { strings(name).last }
  fileprivate func positionals(_ name: String) -> [String] { positionalValues[name] ?? [] }
  fileprivate func flag(_ name: String) -> Bool { flags.contains(name) }
}
