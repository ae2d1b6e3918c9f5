import Catalog
import CatalogStorage
import Foundation
import Repositories
import Testing

@testable import Persistence

/// Generic code over a protocol the model conforms to: its key paths name the protocol's
/// requirement, not the stored property, and the error must say so.
@Suite("Key paths written in generic code")
struct GenericKeyPathTests {
  let builder: QueryBuilder

  init() throws {
    builder = QueryBuilder(
      table: try #require(Schema(Movie.self).models.first).resolve(), modelName: "Movie", dialect: SQLiteDialect())
  }

  @Test func aSortThroughAProtocolRequirementIsRefusedSayingWhy() throws {
    let descriptor: FetchDescriptor<Movie> = newestFirst()
    #expect {
      _ = try builder.select(descriptor)
    } throws: { error in
      "\(error)".contains("protocol's requirement") && "\(error)".contains("cannot sort by Movie.")
    }
  }

  @Test func theSameSortWrittenOnTheModelIsTranslated() throws {
    let descriptor = FetchDescriptor<Movie>(sortBy: [SortDescriptor(\.date, order: .reverse)])
    #expect(try builder.select(descriptor).sql.hasSuffix(#"ORDER BY "date" DESC, "id" ASC"#))
  }

  private func newestFirst<Model: Dated>() -> FetchDescriptor<Model> {
    FetchDescriptor(sortBy: [SortDescriptor(\.date, order: .reverse)])
  }
}

/// A protocol a template's generic use case might write against.
protocol Dated: PersistentModel {
  var date: Date { get }
}

extension Movie: Dated {}
