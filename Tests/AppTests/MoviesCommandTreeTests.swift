import Testing

@testable import MoviesCLI

/// The app's real command tree, as `MoviesApplication.commands` declares it.
@Suite struct MoviesCommandTreeTests {
  static let commands = MoviesApplication.commands

  @Test func theTreeIsDeclaredSoundly() {
    #expect(MoviesApplication.spec.declarationProblems == [])
  }

  @Test func everyCommandHasItsOwnPathAndNoGroupIsACommand() {
    let paths = Self.commands.map { $0.configuration.path }
    #expect(Set(paths).count == paths.count, "a path registered twice: \(paths)")
    let topLevel = Set(paths.filter { $0.count == 1 }.map { $0[0] })
    let groups = Set(paths.filter { $0.count > 1 }.map { $0[0] })
    #expect(topLevel.isDisjoint(with: groups), "a group named like a command")
  }

  @Test func everyCommandIsReachedThroughTheHelpTreeAndEveryGroupHasCommands() throws {
    for command in Self.commands {
      let chain = [CommandSpec].resolving(command.configuration.path, from: MoviesApplication.spec)
      #expect(chain.last == command.configuration.spec, "\(command.configuration.path)")
    }
    let groups = Self.commands.compactMap { $0.configuration.group }
    for group in groups {
      let spec = try #require(MoviesApplication.spec.subcommand(named: group.name))
      #expect(!spec.abstract.isEmpty && !spec.subcommands.isEmpty, "group \(group.name)")
    }
    let leaves = MoviesApplication.spec.subcommands.flatMap { $0.subcommands.isEmpty ? [$0] : $0.subcommands }
    #expect(leaves.count == Self.commands.count, "a subcommand no registered command runs")
  }

  @Test(arguments: MoviesApplication.commands.map { $0.configuration.path.joined(separator: " ") })
  func everyCommandAndArgumentHasHelp(_ path: String) throws {
    let command = try #require(Self.commands.first { $0.configuration.path.joined(separator: " ") == path })
    let spec = command.configuration.spec
    #expect(!spec.abstract.isEmpty)
    for argument in spec.arguments { #expect(!argument.help.isEmpty, "\(argument.displayName)") }
  }

  /// Each command gets a valid value for every argument it declares; reading them must touch
  /// every declaration and nothing else. The command may still refuse the combination (as
  /// `update --image A --no-images`), but only after reading everything.
  @Test(arguments: MoviesApplication.commands.map { $0.configuration.path.joined(separator: " ") })
  func everyDeclaredArgumentIsReadByItsCommand(_ path: String) throws {
    let command = try #require(Self.commands.first { $0.configuration.path.joined(separator: " ") == path })
    let declared = command.configuration.arguments
    var options: [String: [String]] = [:]
    var positionals: [String: [String]] = [:]
    var flags: Set<String> = []
    for argument in declared {
      switch (argument.spec.kind, argument.exampleText) {
      case (.flag, _): flags.insert(argument.spec.name)
      case (.option, let text?): options[argument.spec.name] = [text]
      case (.positional, let text?): positionals[argument.spec.name] = [text]
      default: Issue.record("\(argument.spec.displayName) has no example")
      }
    }
    let parsed = ParsedArguments(command: "movies " + path, options: options, positionals: positionals, flags: flags)
    let arguments = CommandArguments(parsed, declared: MoviesApplication.declaredArguments(of: command))
    do {
      _ = try command.init(arguments)
    } catch {
      // A refusal after every read is fine; the reads are checked below.
    }
    #expect(arguments.readNames == Set(declared.map(\.spec.name)))
    #expect(arguments.undeclaredReads == [])
  }
}
