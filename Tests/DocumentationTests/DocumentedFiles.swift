/// The package's files whose Swift snippets must compile: the README, every article of a DocC
/// catalog, and the doc comments of the engine and the test kit, whose API a template user reads.
enum DocumentedFiles {
  /// The folders of the engine's modules and of the test kit, whose Swift sources' doc comments
  /// are read.
  static let sourceFolders = [
    "Domain/Repositories", "Data/Persistence", "Data/SQLite", "Data/PostgreSQL", "Data/NestedJSON",
    "Tests/RepositoryTesting",
  ]

  /// The Markdown documents, relative to the package: the README, PERFORMANCE.md and every
  /// `.md` in a `.docc` catalog.
  static var markdown: [String] {
    ["README.md", "PERFORMANCE.md"]
      + ["Domain", "Data"].flatMap { PackageRoot.files(under: $0, endingWith: ".md") }.filter {
        $0.contains(".docc/")
      }
  }

  /// Every program to compile, from every document and doc comment, in file order.
  ///
  /// - Throws: ``SnippetError`` for a directive that means nothing or a fence never closed.
  static func programs() throws -> [SnippetProgram] {
    var snippets: [Snippet] = []
    for file in markdown {
      snippets += try SnippetScanner.snippets(inMarkdown: PackageRoot.text(of: file), file: file)
    }
    for file in sourceFolders.flatMap({ PackageRoot.files(under: $0, endingWith: ".swift") }) {
      snippets += try SnippetScanner.snippets(inDocComments: PackageRoot.text(of: file), file: file)
    }
    return try SnippetProgram.programs(snippets)
  }
}
