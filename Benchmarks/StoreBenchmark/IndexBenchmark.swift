import Foundation
import Persistence
import Repositories

/// A sorted query with and without an index on its sort attribute: the shape of the field
/// report that a SwiftData query of 100,000 rows went from 420 ms to 38 ms with an index.
enum IndexBenchmark {
  /// The rows a sorted page returns.
  static let pageSize = 100

  static func run(rows: Int, rounds: Int) async throws -> BenchmarkReport.Section {
    var times = (page: (indexed: [Double](), plain: [Double]()), all: (indexed: [Double](), plain: [Double]()))
    for round in 1...rounds {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("index-benchmark-\(UUID())")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let indexed = try await repository(of: Screening.self, rows: rows, in: folder)
      let plain = try await repository(of: UnindexedScreening.self, rows: rows, in: folder)
      // Alternate which goes first, as the other phases do.
      for side in round % 2 == 1 ? [true, false] : [false, true] {
        if side {
          times.page.indexed.append(try await seconds { try await firstPage(indexed, expecting: min(rows, pageSize)) })
          times.all.indexed.append(try await seconds { try await firstPage(indexed, limit: nil, expecting: rows) })
        } else {
          times.page.plain.append(try await seconds { try await firstPage(plain, expecting: min(rows, pageSize)) })
          times.all.plain.append(try await seconds { try await firstPage(plain, limit: nil, expecting: rows) })
        }
      }
    }
    let page = (indexed: Phase.median(times.page.indexed), plain: Phase.median(times.page.plain))
    let all = (indexed: Phase.median(times.all.indexed), plain: Phase.median(times.all.plain))
    var section = BenchmarkReport.Section(title: "An index on the sort attribute (medians over the rounds)")
    section.figures = [
      .init(name: "firstPageWithoutIndex", value: page.plain * 1000, unit: "ms"),
      .init(name: "firstPageWithIndex", value: page.indexed * 1000, unit: "ms"),
      .init(name: "allSortedWithoutIndex", value: all.plain * 1000, unit: "ms"),
      .init(name: "allSortedWithIndex", value: all.indexed * 1000, unit: "ms"),
    ]
    section.remarks = [
      String(
        format: "first %d of %d sorted by date: %.1f ms without an index, %.2f ms with one (%.0fx)", pageSize, rows,
        page.plain * 1000, page.indexed * 1000, page.plain / page.indexed),
      String(
        format: "all %d sorted by date: %.1f ms without an index, %.1f ms with one (%.1fx)", rows, all.plain * 1000,
        all.indexed * 1000, all.plain / all.indexed),
    ]
    return section
  }

  private static func repository<Model: ScreeningModel>(
    of type: Model.Type, rows: Int, in folder: URL
  ) async throws
    -> SQLiteRepository<Model>
  {
    let container = try ModelContainer(
      for: Model.self,
      configurations: ModelConfiguration(
        "\(Model.self)", url: folder.appendingPathComponent("\(Model.self).store"), keepsHistory: false))
    let repository = try SQLiteRepository<Model>(container: container)
    // Inserted out of date order, so that only an index (or a sort) gives the order.
    try await repository.insert(
      (0..<rows).map { index in
        let hour = (index &* 7919) % rows
        return Model(
          id: BenchmarkData.uuid(index, salt: 11), title: "Screening \(index)",
          date: BenchmarkData.startDate.addingTimeInterval(Double(hour) * 3600), seats: index % 300)
      })
    return repository
  }

  private static func firstPage<Model: ScreeningModel>(
    _ repository: SQLiteRepository<Model>, limit: Int? = pageSize, expecting count: Int
  ) async throws {
    var descriptor = FetchDescriptor<Model>(sortBy: [Model.byDate])
    descriptor.fetchLimit = limit
    let fetched = try await repository.fetch(descriptor)
    guard fetched.count == count, zip(fetched, fetched.dropFirst()).allSatisfy({ $0.date <= $1.date }) else {
      throw BenchmarkError("a sorted fetch of \(Model.self) returned \(fetched.count) rows, or out of order")
    }
  }
}

/// What the two screening models share, so one generic path inserts and queries both.
protocol ScreeningModel: PersistentModel {
  var date: Date { get }
  /// The order by date, written where `\.date` names the stored property (in generic code it
  /// names the protocol's requirement, which is no column).
  static var byDate: SortDescriptor<Self> { get }
  init(id: UUID, title: String, date: Date, seats: Int)
}

/// A screening whose date is indexed.
struct Screening: ScreeningModel {
  static let entity = Entity<Screening>(table: "screenings", indexes: [Entity.Index(\.date)])
  static var byDate: SortDescriptor<Self> { SortDescriptor(\.date) }
  var id: UUID
  var title: String
  var date: Date
  var seats: Int
}

/// The same screening without the index.
struct UnindexedScreening: ScreeningModel {
  static let entity = Entity<UnindexedScreening>(table: "screenings")
  static var byDate: SortDescriptor<Self> { SortDescriptor(\.date) }
  var id: UUID
  var title: String
  var date: Date
  var seats: Int
}
