import Catalog
import Foundation
import Testing

@Suite("The README's list of import fields states the limits the catalog enforces")
struct ImportFieldsDocumentationTests {
  /// The paragraph of the README that lists the fields `import` reads, on one line.
  private func fieldList() throws -> String {
    let readme = try PackageRoot.text(of: "README.md")
    let start = try #require(readme.range(of: "\nFields: `id`"))
    let end = readme[start.upperBound...].range(of: "\n\n")?.lowerBound ?? readme.endIndex
    return readme[start.lowerBound..<end].split(separator: "\n").joined(separator: " ")
  }

  /// A number as the README writes it: `100,000`.
  private func written(_ number: Int) -> String {
    var digits = String(number)
    var groups: [Substring] = []
    while digits.count > 3 {
      groups.insert(Substring(digits.suffix(3)), at: 0)
      digits.removeLast(3)
    }
    return ([Substring(digits)] + groups).joined(separator: ",")
  }

  @Test func everyLengthAndRangeTheRulesCheckIsStated() throws {
    let fields = try fieldList()
    #expect(fields.contains("`title` (up to \(written(Movie.maximumTitleLength)) characters)"))
    #expect(fields.contains("`content` (up to \(written(MovieRules.maximumContentLength)) characters)"))
    #expect(fields.contains("`rate` (\(Movie.rateRange.lowerBound)–\(Movie.rateRange.upperBound))"))
    let runtimes = MovieRules.runtimeRange
    #expect(fields.contains("`runtime` (\(written(runtimes.lowerBound))–\(written(runtimes.upperBound)) minutes)"))
    #expect(fields.contains("`tags` (each up to \(written(TagRules.maximumNameLength)) characters)"))
  }
}
