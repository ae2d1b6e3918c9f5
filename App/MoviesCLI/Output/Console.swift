import Foundation

/// Where a command writes its output and reads its answers: the process's standard streams,
/// or a capture in tests.
///
/// Text for people goes through ``show(_:)``, ``line(_:)``, ``errorLine(_:)`` and
/// ``prompt(_:)``, which make it inert with ``TerminalText`` whatever it holds; data for
/// scripts (CSV, JSON) goes through ``writeData(_:)``, exactly unless standard output is a
/// terminal; only the progress bar draws with terminal controls, through ``draw(_:)``.
public struct Console: Sendable {
  /// Receives text for standard output, as it is to be written.
  public var standardOutput: @Sendable (String) -> Void
  /// Receives text for standard error, as it is to be written.
  public var standardError: @Sendable (String) -> Void
  /// Reads one line of standard input, or `nil` at its end.
  public var readLine: @Sendable () -> String?
  /// Whether standard input is a terminal a person types at.
  public var inputIsTerminal: Bool
  /// Whether standard output is a terminal, where even data is read by a person.
  public var outputIsTerminal: Bool
  /// Whether standard error is a terminal that understands cursor controls, where progress can
  /// be drawn.
  public var errorIsTerminal: Bool
  /// How many columns standard error's terminal has, when known.
  public var errorColumns: Int?

  /// Creates a console from its parts.
  public init(
    standardOutput: @escaping @Sendable (String) -> Void,
    standardError: @escaping @Sendable (String) -> Void,
    readLine: @escaping @Sendable () -> String?,
    inputIsTerminal: Bool,
    outputIsTerminal: Bool = false,
    errorIsTerminal: Bool = false,
    errorColumns: Int? = nil
  ) {
    self.outputIsTerminal = outputIsTerminal
    self.standardOutput = standardOutput
    self.standardError = standardError
    self.readLine = readLine
    self.inputIsTerminal = inputIsTerminal
    self.errorIsTerminal = errorIsTerminal
    self.errorColumns = errorColumns
  }

  /// The process's standard input, output and error.
  ///
  /// Standard error counts as a terminal for drawing only when it is one and `TERM` is not
  /// `dumb`, which has no cursor controls.
  public static var standard: Console {
    var size = winsize()
    let columns = ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
    return Console(
      standardOutput: StandardStream.output,
      standardError: StandardStream.error,
      readLine: { Swift.readLine() },
      inputIsTerminal: isatty(STDIN_FILENO) == 1,
      outputIsTerminal: isatty(STDOUT_FILENO) == 1,
      errorIsTerminal: isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb",
      errorColumns: columns
    )
  }

  /// Shows text for people on standard output; its line breaks stay, every other active
  /// character is escaped.
  func show(_ text: String) { standardOutput(TerminalText.escaped(text, keepingLineBreaks: true)) }

  /// Shows one line for people on standard output; a line break inside it is escaped too.
  func line(_ text: String) { standardOutput(TerminalText.escaped(text) + "\n") }

  /// Writes data for scripts to standard output: CSV, or JSON made inert by
  /// ``TerminalText/json(_:)``. It is written exactly, except on a terminal, where a person
  /// reads it and active characters are escaped as in ``show(_:)`` (as `ls` quotes names on a
  /// terminal): redirect it, or use `--output`, for the exact bytes.
  func writeData(_ text: String) {
    standardOutput(outputIsTerminal ? TerminalText.escaped(text, keepingLineBreaks: true) : text)
  }

  /// Shows one line for people on standard error, such as an error or a warning.
  func errorLine(_ text: String) { standardError(TerminalText.escaped(text) + "\n") }

  /// Asks a question on standard error, leaving the cursor after it.
  func prompt(_ text: String) { standardError(TerminalText.escaped(text)) }

  /// Draws on standard error's terminal with cursor controls: the app's own text only.
  func draw(_ text: String) { standardError(text) }
}
