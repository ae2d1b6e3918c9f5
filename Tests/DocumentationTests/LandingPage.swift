import Foundation

/// A DocC catalog's landing page (`# ``Module`` `), read for the symbols its Topics curate.
enum LandingPage {
  /// The top-level symbols the page's `## Topics` section links to in its lists, as in
  /// `- ``ModelContainer`` ` (a link into a symbol, ``` ``ModelContainer/close()`` ```, curates
  /// that member, not its type).
  static func curatedSymbols(in page: String) -> Set<String> {
    guard let topics = page.range(of: "\n## Topics\n") else { return [] }
    var names = Set<String>()
    for line in page[topics.upperBound...].split(separator: "\n") {
      let item = line.drop { $0 == " " }
      guard item.hasPrefix("- ``"), let end = item.dropFirst(4).range(of: "``") else { continue }
      let link = item.dropFirst(4)[..<end.lowerBound]
      guard !link.contains("/") else { continue }
      // A disambiguated link, as ``Entity-swift.struct``, names the symbol before its suffix.
      names.insert(String(link.prefix { $0 != "-" }))
    }
    return names
  }
}
