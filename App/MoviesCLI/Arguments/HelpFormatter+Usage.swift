extension HelpFormatter {
  /// Returns the usage line for a chain of commands: the command's own arguments in
  /// declaration order, then the global options of its parents, then `<subcommand>` if it has
  /// subcommands.
  ///
  /// When the line would not fit the width, the optional options and flags are shortened to
  /// one `[<options>]`.
  func usage(for chain: [CommandSpec]) -> String {
    let command = chain[chain.count - 1]
    let own = command.subcommands.isEmpty ? command.arguments : command.namedArguments
    let arguments = own + chain.dropLast().flatMap(\.namedArguments)
    var words = [chain.commandName] + arguments.map(Self.usageWord(for:))
    if !command.subcommands.isEmpty { words.append("<subcommand>") }

    let full = words.joined(separator: " ")
    guard "USAGE: ".count + full.count > width else { return full }
    var short = [chain.commandName]
    for spec in arguments {
      if spec.kind == .positional || spec.isRequired {
        short.append(Self.usageWord(for: spec))
      } else if !short.contains("[<options>]") {
        short.append("[<options>]")
      }
    }
    if !command.subcommands.isEmpty { short.append("<subcommand>") }
    return short.joined(separator: " ")
  }

  /// Returns how an argument is shown in a usage line: `<id>`, `[--rate <N>]`,
  /// `[--image <PATH> ...]`, `[--desc]`.
  static func usageWord(for spec: ArgumentSpec) -> String {
    let core =
      switch spec.kind {
      case .positional: "<\(spec.name)>"
      case .option: "--\(spec.name) <\(spec.valueName)>"
      case .flag: "--\(spec.name)"
      }
    let repeated = spec.isRepeatable ? core + " ..." : core
    return spec.isRequired ? repeated : "[\(repeated)]"
  }
}
