import Foundation
public import Repositories
import RepositoryTesting

/// The cases that once answered differently from Swift, kept so that each stays fixed on every
/// store: renamed coding keys, NaN, `Float` rounding, whole doubles in JSON, narrow and
/// unsigned overflow, UUIDs in JSON arrays, and guards used as values.
public enum WideCorpus {
  /// What Swift does with a case: selects the models `evaluate` keeps, or traps (an overflow),
  /// so that the query must fail.
  enum Expectation {
    case swift
    case trap
  }

  /// Records that hold the values where the engines once parted from Swift.
  static func records(uuids: [UUID]) -> [WideRecord] {
    var random = WideRandom(seed: 7)
    var records = (0..<4).map { random.record(id: $0, uuids: uuids) }
    for index in records.indices {
      records[index].i8 = [100, -128, 0, 5][index]
      records[index].i16 = [0, 3, -3, 7][index]
      records[index].u = [3, 10, 5, 6][index]
      records[index].f = [16_777_216, 1, 0.5, -16_777_216][index]
      records[index].d = [0, .infinity, 2, -.infinity][index]
      records[index].detail.whole = [999_999_999_999_999, 3, 0.5, -0.0][index]
      records[index].left = [1, 2, 3, 4][index]
      records[index].right = [4, 3, 2, 1][index]
      records[index].ids = index == 0 ? [uuids[0]] : []
    }
    return records
  }

  /// Runs every case on a new, empty store.
  public static func run(store: () async throws -> any Repository<WideRecord>) async throws -> WideFuzz.Report {
    let uuids = (0..<6).map { _ in UUID() }
    let repository = try await store()
    try await repository.insert(records(uuids: uuids))
    let stored = try await repository.fetch(FetchDescriptor(sortBy: [SortDescriptor(\.id)]))
    let swift = try InMemoryRepository(stored)
    var report = WideFuzz.Report()
    let uuid = uuids[0]
    let hundred: Int8 = 100
    let five: UInt = 5
    let product = 999_999_999_999_999.0 * 100
    let cases: [(Predicate<WideRecord>, Expectation, String)] = [
      (#Predicate { $0.left == 1 }, .swift, "left == 1, left stored as \"right\""),
      (#Predicate { $0.left < $0.right }, .swift, "left < right, swapped keys"),
      (#Predicate { $0.d / $0.d != $0.d / $0.d }, .swift, "NaN != NaN"),
      (#Predicate { $0.d - $0.d == $0.d - $0.d }, .swift, "inf - inf == inf - inf"),
      (#Predicate { !($0.d / $0.d == 1) }, .swift, "!(NaN == 1)"),
      (#Predicate { $0.f + 1 == $0.f }, .swift, "Float 16,777,216 + 1"),
      (#Predicate { $0.detail.whole * 100 == product }, .swift, "JSON whole number times 100, past 2^53"),
      (#Predicate { -1 / $0.detail.whole < 0 }, .swift, "JSON -0 keeps its sign"),
      (#Predicate { $0.i8 + hundred > 0 }, .trap, "Int8 100 + 100"),
      (#Predicate { $0.u - five > 0 }, .trap, "UInt 3 - 5"),
      (#Predicate { $0.ids.contains(uuid) }, .swift, "[UUID].contains"),
      (#Predicate { ($0.i16 != 0 && 9 % $0.i16 == 0) == false }, .swift, "a guarded && as a value"),
      (#Predicate { ($0.i16 == 0 || 9 / $0.i16 > 1) == true }, .swift, "a guarded || as a value"),
    ]
    for (predicate, expectation, text) in cases {
      let descriptor = FetchDescriptor(predicate: predicate, sortBy: [SortDescriptor(\.id)])
      switch expectation {
      case .swift:
        try await WideFuzz.check(descriptor, text: text, swift: swift, store: repository, into: &report)
      case .trap:
        report.cases += 1
        do {
          let rows = try await repository.fetch(descriptor)
          report.mismatches.append("\(text): Swift traps, the store selected \(rows.map(\.id))")
        } catch RepositoryError.queryFailed {
          report.failedAsSwiftTraps += 1
        } catch {
          report.mismatches.append("\(text): Swift traps, the store failed otherwise: \(error)")
        }
      }
    }
    return report
  }
}
