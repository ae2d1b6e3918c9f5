import Foundation

/// Where a command writes its output and reads its answers: the process's standard streams,
/// or a capture in tests.
public struct Console: Sendable {
  /// Writes text to standard output.
  public var write: @Sendable (String) -> Void
  /// Writes text to standard error.
  public var writeError: @Sendable (String) -> Void
  /// Reads one line of standard input, or `nil` at its end.
  public var readLine: @Sendable () -> String?
  /// Whether standard input is a terminal a person types at.
  public var inputIsTerminal: Bool
  /// Whether standard error is a terminal, where progress can be drawn.
  public var errorIsTerminal: Bool

  /// Creates a console from its parts.
  public init(
    write: @escaping @Sendable (String) -> Void,
    writeError: @escaping @Sendable (String) -> Void,
    readLine: @escaping @Sendable () -> String?,
    inputIsTerminal: Bool,
    errorIsTerminal: Bool = false
  ) {
    self.write = write
    self.writeError = writeError
    self.readLine = readLine
    self.inputIsTerminal = inputIsTerminal
    self.errorIsTerminal = errorIsTerminal
  }

  /// The process's standard input, output and error.
  public static var standard: Console {
    Console(
      write: { FileHandle.standardOutput.write(Data($0.utf8)) },
      writeError: { FileHandle.standardError.write(Data($0.utf8)) },
      readLine: { Swift.readLine() },
      inputIsTerminal: isatty(STDIN_FILENO) == 1,
      errorIsTerminal: isatty(STDERR_FILENO) == 1
    )
  }

  /// Writes a line to standard output.
  func line(_ text: String) { write(text + "\n") }
}
