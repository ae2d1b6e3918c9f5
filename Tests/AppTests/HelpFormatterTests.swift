import Testing

@testable import MoviesCLI

@Suite struct HelpFormatterTests {
  let formatter = HelpFormatter(root: ParserFixture.movies)

  @Test func rootHelpListsGlobalOptionsVersionAndSubcommands() {
    #expect(
      formatter.help() == """
        OVERVIEW: Manage a personal movie catalog.

        USAGE: movies [--store <PATH>] <subcommand>

        OPTIONS:
          --store <PATH>          The catalog file.
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          add                     Add a movie to the catalog.
          list                    List the movies in the catalog.

          See 'movies help <subcommand>' for detailed help.
        """)
  }

  @Test func subcommandHelpListsArgumentsOwnOptionsThenGlobalOnes() {
    #expect(
      formatter.help(for: ["add"]) == """
        OVERVIEW: Add a movie to the catalog.

        USAGE: movies add <title> [<options>]

        ARGUMENTS:
          <title>                 The movie's title.

        OPTIONS:
          -r, --rate <N>          A rating from 0 to 10.
          --image <PATH>          An image file to attach; repeat to attach several.
          --date <DATE>           The release date, as YYYY-MM-DD.
          --store <PATH>          The catalog file.
          -h, --help              Show help information.
        """)
  }

  @Test func discussionAndLongDescriptionsAreWrappedToEightyColumns() {
    #expect(
      formatter.help(for: ["list"]) == """
        OVERVIEW: List the movies in the catalog.

        Movies are sorted by date, oldest first. Give identifiers to list only those
        movies, in the order of their dates.

        Example:
          movies list --min-rate 8 --desc

        USAGE: movies list [<options>] [<id> ...]

        ARGUMENTS:
          <id>                    The movies to list.

        OPTIONS:
          --min-rate <N>          Only list movies rated at least N, from 0 to 10.
                                  Movies without a rating count as 0.
          -n, --limit <N>         List at most N movies.
          -d, --desc              Sort from newest to oldest.
          --store <PATH>          The catalog file.
          -h, --help              Show help information.
        """)
  }

  @Test func unknownPathGivesHelpForTheDeepestCommandReached() {
    #expect(formatter.help(for: ["nope"]) == formatter.help())
    #expect(formatter.help(for: ["add", "nope"]) == formatter.help(for: ["add"]))
  }

  @Test func everyLineFitsTheWidth() {
    for path in [[], ["add"], ["list"]] {
      for line in formatter.help(for: path).split(separator: "\n") {
        #expect(line.count <= 80, "\(path): \(line)")
      }
    }
  }

  @Test func usageShowsEveryArgumentWhenItFits() {
    let formatter = HelpFormatter(
      root: CommandSpec(
        name: "tag",
        arguments: [
          .positional("name", help: "The tag."),
          .option("color", short: "c", help: "The tag's color.", required: true),
          .option("movie", valueName: "ID", help: "A movie to tag.", repeatable: true),
          .flag("force", help: "Replace an existing tag."),
          .positional("note", help: "Notes.", repeatable: true, optional: true),
        ]))

    #expect(
      formatter.usage()
        == "tag <name> --color <color> [--movie <ID> ...] [--force] [<note> ...]")
  }

  @Test func usageShortensOptionalOptionsButKeepsRequiredOnes() {
    #expect(formatter.usage(for: ["list"]) == "movies list [<options>] [<id> ...]")
    let long = HelpFormatter(
      root: CommandSpec(
        name: "export",
        arguments: [
          .option("format", valueName: "FORMAT", help: "json or csv."),
          .option("output", valueName: "PATH", help: "Where to write.", required: true),
          .option("fields", valueName: "LIST", help: "The fields to write."),
          .option("since", valueName: "DATE", help: "The first date."),
          .positional("ids", help: "Movies.", repeatable: true),
        ]))
    #expect(long.usage() == "export [<options>] --output <PATH> <ids> ...")
  }

  @Test func longLabelPutsItsDescriptionOnTheNextLine() {
    let formatter = HelpFormatter(
      root: CommandSpec(
        name: "tool",
        abstract:
          "A tool whose overview is long enough that it has to be wrapped onto a second line.",
        arguments: [
          .option(
            "include-unrated-movies", valueName: "BOOL",
            help: "Whether to include movies that were never rated."),
          .flag("quiet", short: "q", help: ""),
        ]))

    #expect(
      formatter.help() == """
        OVERVIEW: A tool whose overview is long enough that it has to be wrapped onto a
        second line.

        USAGE: tool [--include-unrated-movies <BOOL>] [--quiet]

        OPTIONS:
          --include-unrated-movies <BOOL>
                                  Whether to include movies that were never rated.
          -q, --quiet
          -h, --help              Show help information.
        """)
  }

  @Test func nestedCommandPointsToHelpWithItsPath() {
    let formatter = HelpFormatter(
      root: CommandSpec(
        name: "movies",
        subcommands: [
          CommandSpec(
            name: "tag", abstract: "Manage tags.",
            subcommands: [CommandSpec(name: "add", abstract: "Add a tag.")])
        ]))

    #expect(
      formatter.help(for: ["tag"]) == """
        OVERVIEW: Manage tags.

        USAGE: movies tag <subcommand>

        OPTIONS:
          -h, --help              Show help information.

        SUBCOMMANDS:
          add                     Add a tag.

          See 'movies help tag <subcommand>' for detailed help.
        """)
  }

  @Test func wrappingBreaksAtSpacesAndKeepsIndentationAndBlankLines() {
    #expect(
      TextLayout.wrap("one two three four\n\n  five six seven", width: 9)
        == ["one two", "three", "four", "", "  five", "  six", "  seven"])
    #expect(TextLayout.wrap("unbreakable-word here", width: 5) == ["unbreakable-word", "here"])
  }
}
