import Foundation
import Testing

/// Every Swift snippet a reader sees — in the README, the DocC articles and the doc comments —
/// compiles against the package as built, so the documentation cannot drift from the code.
@Suite struct SnippetTests {
  @Test(arguments: try DocumentedFiles.programs())
  func snippetCompiles(_ program: SnippetProgram) throws {
    let compiler = try SnippetCompiler()
    guard let diagnostics = try compiler.diagnostics(for: program) else { return }
    let first = program.parts[0]
    Issue.record(
      "\(first.file):\(first.line): this snippet does not compile:\n\(diagnostics)",
      sourceLocation: SourceLocation(
        fileID: "Movies/\(first.file)", filePath: PackageRoot.url.appendingPathComponent(first.file).path,
        line: first.line, column: 1))
  }

  @Test func aBlockThatDoesNotCompileIsReportedAtItsFileAndLine() throws {
    let markdown = """
      # Guide

      ```swift
      let count: Int = "three"
      ```
      """
    let diagnostics = try #require(try Self.diagnostics(ofFirstSnippetIn: markdown))
    #expect(diagnostics.contains("Guide.md:4:18: error: cannot convert value of type 'String'"), "\(diagnostics)")
  }

  @Test func aWarningFailsASnippet() throws {
    let markdown = """
      ```swift
      func f() { var unchanged = 1; print(unchanged) }
      ```
      """
    let diagnostics = try #require(try Self.diagnostics(ofFirstSnippetIn: markdown))
    #expect(diagnostics.contains("Guide.md:2:16: warning: variable 'unchanged' was never mutated"), "\(diagnostics)")
  }

  @Test func theAppContextSeesTheAppModuleAsItsOwnFilesDo() throws {
    // A command is a type of the app's module: its snippet uses the module's internal types.
    let markdown = """
      <!-- snippet context: app -->
      ```swift
      func names(of commands: [any MoviesCommand.Type]) -> [String] { commands.map { "\\($0)" } }
      let movie = Movie(title: "Alien", date: .now)
      ```
      """
    let diagnostics = try Self.diagnostics(ofFirstSnippetIn: markdown)
    #expect(diagnostics == nil, "\(diagnostics ?? "")")
  }

  @Test(arguments: [("Movies", "movies"), ("My.App-2", "my_app_2"), ("2app", "_app")])
  func snippetsCompileAsCodeOfThePackageWhateverItsFolderIsNamed(folder: String, packageName: String) throws {
    // SwiftPM names the package after its folder: a fresh clone's name must not matter.
    #expect(try BuiltPackage(root: URL(fileURLWithPath: "/checkouts/\(folder)")).packageName == packageName)
  }

  /// What compiling the first program of a Markdown document `Guide.md` reports; nil if it compiles.
  static func diagnostics(ofFirstSnippetIn markdown: String) throws -> String? {
    let programs = try SnippetProgram.programs(SnippetScanner.snippets(inMarkdown: markdown, file: "Guide.md"))
    return try SnippetCompiler().diagnostics(for: #require(programs.first))
  }

  @Test func aContextWrapsItsBlockAndAContinuationJoinsIt() throws {
    let markdown = """
      Intro.

      <!-- snippet context: app -->
      ```swift
      let first = 1
      ```
      Then:
      <!-- snippet: continue -->
        ```Swift
        let second = first + 1
        ```
      <!-- snippet: excuse shows a compiler error -->
      ```swift
      let broken: Int = ""
      ```
      ```sh
      swift build
      ```
      ```swift
      print("alone")
      ```
      """
    let programs = try SnippetProgram.programs(SnippetScanner.snippets(inMarkdown: markdown, file: "Guide.md"))
    #expect(programs.map(\.testDescription) == ["Guide.md:5", "Guide.md:20"])
    #expect(programs.map(\.context) == ["app", nil])
    #expect(programs[0].parts.map(\.lines) == [["let first = 1"], ["let second = first + 1"]])
    #expect(programs[0].parts.map(\.line) == [5, 10])
    let source = try SnippetCompiler().source(of: programs[0])
    #expect(source.contains("#sourceLocation(file: \"Guide.md\", line: 10)\nlet second = first + 1"))
    #expect(source.hasPrefix("#sourceLocation(file: \"Tests/DocumentationTests/Contexts/app.swift\", line: 1)\n"))
  }

  @Test func docCommentBlocksKeepTheirSourceLines() throws {
    let source = """
      import Foundation

      /// Opens a thing.
      ///
      /// ```swift
      /// let thing = Thing()
      /// ```
      public struct Thing {}
      """
    let snippets = try SnippetScanner.snippets(inDocComments: source, file: "Data/Thing.swift")
    #expect(
      snippets == [Snippet(file: "Data/Thing.swift", line: 6, lines: ["let thing = Thing()"], directive: .standalone)])
  }

  @Test(arguments: [
    ("<!-- snippet context: -->", 1), ("<!-- snippet: contineu -->", 1), ("<!-- snippet: excuse -->", 1),
    ("<!-- snippet: continue -->\n\nProse.", 1), ("<!-- snippet: continue -->\n```sh\nls\n```", 1),
    ("```swift\nlet open = 1", 1),
  ])
  func aDirectiveThatMeansNothingIsAnErrorAtItsLine(markdown: String, line: Int) {
    let error = #expect(throws: SnippetError.self) {
      try SnippetScanner.snippets(inMarkdown: markdown, file: "Guide.md")
    }
    #expect(error?.file == "Guide.md")
    #expect(error?.line == line)
  }

  @Test func aContinuationNeedsACompiledBlockBeforeIt() throws {
    let markdown = """
      <!-- snippet: excuse pseudo-code -->
      ```swift
      thing()
      ```
      <!-- snippet: continue -->
      ```swift
      other()
      ```
      """
    #expect(
      throws: SnippetError(
        file: "Guide.md", line: 7,
        message: "`snippet: continue` needs a compiled ```swift block before it in the same file")
    ) {
      try SnippetProgram.programs(SnippetScanner.snippets(inMarkdown: markdown, file: "Guide.md"))
    }
  }
}
