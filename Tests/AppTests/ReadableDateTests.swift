import Foundation
import Testing

@testable import MoviesCLI

/// Dates for people show the milliseconds a person wrote, though a `Date` holds the `Double`
/// nearest them, often just below, and never a second other than the date's own.
@Suite("Readable dates")
struct ReadableDateTests {
  @Test(arguments: [
    ("2001-01-06T12:34:56.789Z", "2001-01-06T12:34:56.789Z"), ("2001-01-06T12:34:56.289Z", "2001-01-06T12:34:56.289Z"),
    ("2001-01-06T12:34:56.001Z", "2001-01-06T12:34:56.001Z"), ("2001-01-06T12:34:56Z", "2001-01-06T12:34:56Z"),
    ("1969-12-31T23:59:59.999Z", "1969-12-31T23:59:59.999Z"), ("1850-03-01T00:00:00.5Z", "1850-03-01T00:00:00.500Z"),
    ("2001-01-06T12:34:56.9999Z", "2001-01-06T12:34:56.999Z"), ("2001-01-06T12:34:56.0004Z", "2001-01-06T12:34:56Z"),
  ])
  func theMillisecondsWrittenAreShown(written: String, shown: String) throws {
    let date = try #require(CatalogDate.parse(written))
    #expect(CatalogDate.readable(date) == shown)
  }
}
