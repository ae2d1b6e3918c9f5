import Testing

@testable import MoviesCLI

@Suite struct CommandSpecValidationTests {
  @Test func fixtureIsDeclaredSoundly() {
    #expect(ParserFixture.movies.declarationProblems == [])
  }

  @Test func namesDeclaredTwiceOrReservedAreReported() {
    let spec = CommandSpec(
      name: "movies",
      version: "1.0",
      arguments: [
        .option("store", short: "s", help: "The store."),
        .flag("version", help: "Clashes with --version."),
        .flag("help", short: "h", help: "Clashes with --help and -h."),
      ],
      subcommands: [
        CommandSpec(
          name: "list",
          arguments: [
            .option("store", help: "Clashes with the global --store."),
            .flag("sort", short: "s", help: "Clashes with the global -s."),
            .positional("sort", help: "Clashes with --sort."),
          ]),
        CommandSpec(name: "list"),
      ])

    #expect(
      spec.declarationProblems == [
        "movies: '--version' is declared twice or reserved",
        "movies: '--help' is declared twice or reserved",
        "movies: '-h' is declared twice or reserved",
        "movies: subcommand 'list' is declared twice",
        "movies list: '--store' is declared twice or reserved",
        "movies list: '-s' is declared twice or reserved",
        "movies list: '<sort>' is declared twice",
      ])
  }

  @Test func positionalsThatCanNeverBeFilledAreReported() {
    let spec = CommandSpec(
      name: "movies",
      arguments: [.positional("ignored", help: "Never read.")],
      subcommands: [
        CommandSpec(
          name: "tag",
          arguments: [
            .positional("ids", help: "Movies.", repeatable: true),
            .positional("tag", help: "Always filled."),
            .positional("note", help: "Never filled.", optional: true),
          ])
      ])

    #expect(
      spec.declarationProblems == [
        "movies: positionals are never read on a command with subcommands",
        "movies tag: '<note>' follows a repeatable positional",
      ])
  }
}
