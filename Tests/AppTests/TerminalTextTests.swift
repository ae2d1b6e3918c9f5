import Foundation
import RepositoryTesting
import Synchronization
import TestSupport
import Testing

@testable import MoviesCLI

@Suite("Text for a terminal: active characters escaped, JSON exact")
struct TerminalTextTests {
  /// Every scalar a terminal acts on.
  static let active: [Unicode.Scalar] =
    ((0x00...0x1F).map { $0 } + (0x7F...0x9F).map { $0 } + [0x2028, 0x2029] + (0x202A...0x202E).map { $0 }
    + (0x2066...0x2069).map { $0 }).map { Unicode.Scalar(UInt32($0))! }

  @Test func everyActiveCharacterIsEscapedVisibly() {
    for scalar in Self.active {
      let escaped = TerminalText.escaped("a\(Character(scalar))b")
      #expect(escaped.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }, "\(escaped)")
      #expect(escaped.hasPrefix("a\\") && escaped.hasSuffix("b"))
    }
    #expect(TerminalText.escaped("\u{1B}[31m") == "\\u{1B}[31m")
    #expect(TerminalText.escaped("tab\there\nand\r") == "tab\\there\\nand\\r")
    #expect(TerminalText.escaped("\u{9B}\u{202E}\u{2066}\u{7F}\u{0}") == "\\u{9B}\\u{202E}\\u{2066}\\u{7F}\\u{00}")
  }

  @Test("random text: changed exactly when it holds an active character, by UTF-8 and by scalar alike")
  func randomTextIsChangedExactlyWhenItHoldsAnActiveCharacter() {
    // Active scalars, their neighbours (which share lead bytes) and plain text.
    let alphabet: [Unicode.Scalar] = [
      "a", " ", "~", "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}", "é", "\n", "\r", "\t", "\u{0}", "\u{2027}", "\u{2028}",
      "\u{202E}", "\u{202F}", "\u{2065}", "\u{2066}", "\u{2069}", "\u{206A}", "\u{20AC}", "🎬", "\u{C2}", "\u{E2}",
    ]
    var generator = SplitMix64(seed: 20_261_203)
    for _ in 0..<5_000 {
      let count = Int.random(in: 0...6, using: &generator)
      let scalars = (0..<count).map { _ in alphabet.randomElement(using: &generator)! }
      let text = String(String.UnicodeScalarView(scalars))
      for keeping in [false, true] {
        let active = scalars.contains { TerminalText.isActive($0) && !(keeping && $0 == "\n") }
        #expect(
          (TerminalText.escaped(text, keepingLineBreaks: keeping) != text) == active,
          "\(text.debugDescription) keeping \(keeping)")
      }
      #expect((TerminalText.json(text) != text) == scalars.contains { TerminalText.isActive($0) && $0.value > 0x1F })
    }
  }

  @Test func ordinaryTextIsLeftAlone() {
    for text in ["Amélie", "千と千尋の神隠し", "👨‍👩‍👧 family", "עברית\u{200F} text", "— dash … ellipsis", "a\\u{1B}"] {
      #expect(TerminalText.escaped(text) == text)
    }
  }

  @Test func lineBreaksCanBeKeptForMultiLineText() {
    #expect(TerminalText.escaped("one\ntwo\r\nthree\rfour", keepingLineBreaks: true) == "one\ntwo\nthree\\rfour")
    #expect(TerminalText.escaped("one\ntwo") == "one\\ntwo")
  }

  @Test func jsonKeepsEveryValueExactAndHasNothingActive() throws {
    let value = String(String.UnicodeScalarView(Self.active)) + "é"
    let data = try JSONSerialization.data(withJSONObject: [value], options: [.prettyPrinted])
    let json = TerminalText.json(String(decoding: data, as: UTF8.self))
    #expect(json.unicodeScalars.allSatisfy { $0 == "\n" || $0 == " " || !Self.active.contains($0) })
    #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String] == [value])
  }
}

@Suite("Tables stay aligned whatever their cells hold")
struct TextTableTests {
  @Test func cellsAreEscapedBeforeTheyAreMeasured() {
    let table = TextTable(headers: ["A", "B", "C"], rightAligned: [])
    let text = table.render([["x\ty", "\u{1B}[1m", "end"], ["千", "e\u{301}", "end"]])
    #expect(
      text == """
        A     B          C
        x\\ty  \\u{1B}[1m  end
        千    é          end

        """)
  }

  @Test func wideCharactersEmojiAndMarksTakeTheirColumns() {
    #expect(TextTable.width("千と") == 4)
    #expect(TextTable.width("e\u{301}") == 1)
    #expect(TextTable.width("👨‍👩‍👧") == 2)
    #expect(TextTable.width("❤️") == 2)
    #expect(TextTable.width("\u{200F}") == 0)
    #expect(TextTable.width("한") == 2)
  }

  @Test func aLongCellIsCutExceptInTheLastColumn() {
    let long = String(repeating: "x", count: 100)
    let text = TextTable(headers: ["NAME", "REST"], rightAligned: []).render([[long, long]])
    let row = text.split(separator: "\n")[1]
    #expect(row == String(repeating: "x", count: 39) + "…  " + long)
    #expect(TextTable.truncated(String(repeating: "千", count: 30), to: 10) == "千千千千…")
  }
}

@Suite("Command-line arguments must be UTF-8")
struct CommandLineTextTests {
  @Test func validArgumentsAreDecoded() throws {
    #expect(
      try CommandLineText.decode([Array("add".utf8), Array("Amélie".utf8)], command: "movies") == ["add", "Amélie"])
  }

  @Test func anInvalidByteIsRefusedAndShown() {
    #expect(
      throws: UsageError(command: "movies", problem: .notUTF8(position: 2, shown: "Am\\xE9lie"))
    ) {
      try CommandLineText.decode([Array("add".utf8), [0x41, 0x6D, 0xE9, 0x6C, 0x69, 0x65]], command: "movies")
    }
  }
}

extension CommandLineTextTests {
  @Test func anEnvironmentVariableTheAppReadsMustBeUTF8OthersAreLeftOut() throws {
    let entries = [Array("HOME=/home/a".utf8), Array("OTHER=".utf8) + [0xFF], Array("EMPTY=".utf8)]
    #expect(
      try CommandLineText.decodeEnvironment(entries, used: ["HOME"], command: "movies") == [
        "HOME": "/home/a", "EMPTY": "",
      ])
    #expect(throws: UsageError.self) {
      try CommandLineText.decodeEnvironment(entries, used: ["OTHER"], command: "movies")
    }
  }
}

@Suite("The progress bar")
struct ProgressBarTests {
  @Test func theLineIsCutToTheTerminalsWidth() {
    var drawn: [String] = []
    var bar = ProgressBar(totalBytes: 1_000, columns: 20, start: .now) { drawn.append($0) }
    bar.update(rows: 56_000, bytes: 560)
    #expect(drawn == ["\r[###########-------" + "\u{1B}[K"], "19 columns and the cursor")
  }
}

@Suite("The console: text for people escaped, data exact unless a person reads it")
struct ConsoleTests {
  private final class Capture: Sendable {
    let text = Mutex("")
  }

  private func console(outputIsTerminal: Bool) -> (Console, Capture) {
    let capture = Capture()
    let console = Console(
      standardOutput: { text in capture.text.withLock { $0 += text } },
      standardError: { text in capture.text.withLock { $0 += text } }, readLine: { nil }, inputIsTerminal: false,
      outputIsTerminal: outputIsTerminal)
    return (console, capture)
  }

  @Test func dataIsExactInAPipeAndInertOnATerminal() {
    let csv = "id,title\r\n1,\"a\u{1B}[2Jb\"\r\n"
    let (pipe, piped) = console(outputIsTerminal: false)
    pipe.writeData(csv)
    #expect(piped.text.withLock { $0 } == csv)
    let (terminal, shown) = console(outputIsTerminal: true)
    terminal.writeData(csv)
    #expect(shown.text.withLock { $0 } == "id,title\n1,\"a\\u{1B}[2Jb\"\n")
  }

  @Test func humanTextIsEscapedWhereverItGoes() {
    let (console, captured) = console(outputIsTerminal: false)
    console.line("a\nb\u{7}")
    console.show("c\nd\u{9B}\n")
    console.errorLine("e\u{202E}")
    #expect(captured.text.withLock { $0 } == "a\\nb\\u{07}\nc\nd\\u{9B}\ne\\u{202E}\n")
  }
}
