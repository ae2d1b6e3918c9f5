import Catalog
import Testing

@Suite struct TagRulesTests {
  @Test func aNameIsTrimmedAndKeptUpToTheLongestAllowed() throws {
    #expect(try TagRules.checkedName("  noir ") == "noir")
    let longest = String(repeating: "é", count: TagRules.maximumNameLength)
    #expect(try TagRules.checkedName(longest) == longest)
  }

  @Test func aHugeNameIsReportedWithItsBeginningOnly() {
    let huge = "drama" + String(repeating: "x", count: 120_000)
    #expect {
      try TagRules.checkedName(huge)
    } throws: { error in
      let message = "\(error)"
      return message.contains("the tag \"dramax") && message.contains("…\" has 120005 characters")
        && message.count < 200
    }
  }
}
