import Foundation
import Testing

@testable import MoviesCLI

/// How books are sorted, to show enumeration values.
private enum SortOrder: String, CaseIterable, ArgumentValue {
  case title, year
}

/// A command of every kind of argument, parsed by the real parser and read through its typed
/// declarations.
private enum BookAdd {
  static let title = Option<String>("title", valueName: "TEXT", help: "The title.")
  static let year = Option<Int?>("year", valueName: "YEAR", help: "The year.")
  static let copies = Option<Int>("copies", valueName: "N", default: 1, help: "How many copies.")
  static let sort = Option<SortOrder>("sort", default: .title, help: "The order.")
  static let score = Option<Double?>("score", help: "A score.")
  static let tags = RepeatedOption<String>("tag", short: "t", valueName: "NAME", help: "A tag; repeat for more.")
  static let signed = Flag("signed", short: "s", help: "Signed by the author.")
  static let shelf = Argument<Int>("shelf", help: "The shelf.")
  static let note = Argument<String?>("note", help: "A note.")
  static let authors = RepeatedArgument<String>("author", help: "The authors.", optional: true)

  static let configuration = CommandConfiguration(
    "add", in: CommandGroup("book", abstract: "Books."), abstract: "Add a book.",
    arguments: [title, year, copies, sort, score, tags, signed, shelf, note, authors])

  static let root = CommandSpec(name: "shelf", subcommands: CommandConfiguration.tree(of: [configuration]))

  /// Parses a command line after `shelf book add`.
  static func parse(_ line: [String]) throws -> CommandArguments {
    guard case .run(_, let parsed) = try ArgumentParser(root: root).parse(["book", "add"] + line) else {
      throw UsageError(command: "test", problem: .missingArgument("a command to run"))
    }
    return CommandArguments(parsed, declared: configuration.arguments.map(\.spec))
  }

  /// The message of the usage error a command line gives, parsing or reading `read`.
  static func error(_ line: [String], reading read: (CommandArguments) throws -> Void = { _ in }) -> String? {
    do {
      try read(try parse(line))
      return nil
    } catch {
      return "\(error)"
    }
  }
}

@Suite struct ArgumentDeclarationTests {
  @Test func requiredOptionalDefaultAndRepeatedValuesReadAsTheirTypes() throws {
    let arguments = try BookAdd.parse([
      "--title", "Dune", "--year", "1965", "-t", "sf", "--tag", "classic", "--sort", "year", "-s", "3", "signed",
      "Herbert",
    ])
    #expect(try arguments[BookAdd.title] == "Dune")
    #expect(try arguments[BookAdd.year] == 1965)
    #expect(try arguments[BookAdd.copies] == 1)
    #expect(try arguments[BookAdd.sort] == .year)
    #expect(try arguments[BookAdd.score] == nil)
    #expect(try arguments[BookAdd.tags] == ["sf", "classic"])
    #expect(try arguments[BookAdd.signed])
    #expect(try arguments[BookAdd.shelf] == 3)
    #expect(try arguments[BookAdd.note] == "signed")
    #expect(try arguments[BookAdd.authors] == ["Herbert"])
  }

  @Test func absentOptionalArgumentsReadAsNilFalseEmptyOrTheirDefault() throws {
    let arguments = try BookAdd.parse(["--title", "Dune", "3"])
    #expect(try arguments[BookAdd.year] == nil)
    #expect(try arguments[BookAdd.copies] == 1)
    #expect(try arguments[BookAdd.sort] == .title)
    #expect(try arguments[BookAdd.tags] == [])
    #expect(try !arguments[BookAdd.signed])
    #expect(try arguments[BookAdd.note] == nil)
    #expect(try arguments[BookAdd.authors] == [])
  }

  @Test func missingRequiredOptionOrArgumentIsAUsageErrorNamingIt() {
    #expect(BookAdd.error(["3"]) == "shelf book add: missing required option '--title'")
    #expect(BookAdd.error(["--title", "Dune"]) == "shelf book add: missing required argument '<shelf>'")
  }

  @Test func valuesThatAreNotTheirTypeNameTheArgumentAndTheValue() {
    #expect(
      BookAdd.error(["--title", "Dune", "--year", "1965.0", "3"]) { _ = try $0[BookAdd.year] }
        == "shelf book add: --year expects an integer, got '1965.0'")
    #expect(
      BookAdd.error(["--title", "Dune", "three"]) { _ = try $0[BookAdd.shelf] }
        == "shelf book add: <shelf> expects an integer, got 'three'")
    #expect(
      BookAdd.error(["--title", "Dune", "--sort", "rate", "3"]) { _ = try $0[BookAdd.sort] }
        == "shelf book add: --sort expects one of 'title', 'year', got 'rate'")
    #expect(
      BookAdd.error(["--title", "Dune", "--score", "inf", "3"]) { _ = try $0[BookAdd.score] }
        == "shelf book add: --score expects a number, got 'inf'")
  }

  @Test func aRepeatedOptionKeepsTheOrderGivenAndANonRepeatedOneRefusesASecondValue() throws {
    #expect(
      try BookAdd.parse(["--title", "A", "-t", "b", "-t", "a", "-t", "b", "3"])[BookAdd.tags] == ["b", "a", "b"])
    #expect(
      BookAdd.error(["--title", "A", "--year", "1", "--year", "2", "3"])
        == "shelf book add: option '--year' given more than once")
  }

  @Test func anUnknownOptionSuggestsTheClosestDeclaredName() {
    #expect(
      BookAdd.error(["--title", "Dune", "--yaer", "1965", "3"])
        == "shelf book add: unknown option '--yaer'; did you mean '--year'?")
    #expect(
      BookAdd.error(["--title", "Dune", "--sgned", "3"])
        == "shelf book add: unknown option '--sgned'; did you mean '--signed'?")
  }

  @Test func readsAreRecordedSoATestCanSeeEveryDeclarationRead() throws {
    let arguments = try BookAdd.parse(["--title", "Dune", "3"])
    _ = try arguments[BookAdd.title]
    _ = try arguments[Option<Int?>("pages", help: "Not declared by the command.")]
    #expect(arguments.readNames == ["title"])
    #expect(arguments.undeclaredReads == ["--pages"])
  }

  @Test func textConversionsAcceptSignsAndDecimals() {
    #expect(Int(argument: "-3") == -3)
    #expect(Int(argument: "+3") == 3)
    #expect(Int(argument: " 3") == nil)
    #expect(Double(argument: "-1e3") == -1000)
    #expect(Double(argument: "nan") == nil)
    #expect(String(argument: "") == "")
  }

  @Test func everyValueTypeOfTheAppReadsItsOwnExample() {
    let types: [any ArgumentValue.Type] = [
      String.self, Int.self, Double.self, UUID.self, Date.self, DateArgument.self, OutputFormat.self,
      RowFormat.self, TransferFormat.self, ByteStream.Encoding.self,
    ]
    for type in types { #expect(type.init(argument: type.exampleArgument) != nil, "\(type)") }
  }
}
