import Foundation
import Persistence

/// `movies history`: the catalog's committed transactions, oldest first.
struct HistoryCommand: MoviesCommand {
  static let configuration = CommandConfiguration(
    "history", abstract: "Show the catalog's history: each committed change, when and by whom.",
    discussion: """
      --since TOKEN shows what came after a token printed before, as a sync would ask. Each change \
      says its kind, model and id; an update, the attributes it changed; a delete, the values the \
      model keeps when deleted (a movie's title). JSON lists the transactions with their changes; \
      a table and CSV show a row per change.
      """,
    arguments: [since, authors, format])

  static let since = Option<Int?>("since", valueName: "TOKEN", help: "Only transactions after this token.")
  static let authors = RepeatedOption<String>("author", valueName: "NAME", help: "Only transactions by this author.")
  static let format = RowFormat.option

  /// One change of a table or CSV: its transaction's token, time and author, then the change.
  struct ChangeRow: Encodable {
    let token: Int64
    let committed: Date
    let author: String?
    let kind: String
    let model: String
    let id: String
    /// An update's changed attributes, by name.
    let updated: [String]
    /// A delete's preserved values, as `title=Alien`.
    let preserved: [String]
  }

  let since: Int64?
  let authors: [String]
  let format: RowFormat

  init(_ arguments: CommandArguments) throws(UsageError) {
    since = try arguments[Self.since].map(Int64.init)
    authors = try arguments[Self.authors]
    format = try arguments[Self.format]
  }

  func run(in context: CommandContext) async throws {
    let catalog = try await context.openCatalog()
    let history = try await catalog.fetchHistory(
      after: since.map(HistoryToken.init), authors: authors.isEmpty ? nil : Set(authors))
    guard format == .json else {
      let rows = history.flatMap { transaction in
        transaction.changes.map { change in
          ChangeRow(
            token: transaction.token.value, committed: transaction.timestamp, author: transaction.author,
            kind: change.kind.rawValue, model: change.model, id: change.id, updated: change.updatedAttributes.sorted(),
            preserved: change.preservedValues.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.text(of: $0.value))" })
        }
      }
      return try RowOutput(format: format, empty: "No history.").write(rows, to: context.console)
    }
    let objects = history.map { transaction -> [String: Any] in
      [
        "token": transaction.token.value, "timestamp": CatalogDate.iso8601(transaction.timestamp),
        "author": transaction.author ?? NSNull(),
        "changes": transaction.changes.map { change -> [String: Any] in
          [
            "model": change.model, "id": change.id, "kind": change.kind.rawValue,
            "updatedAttributes": change.updatedAttributes.sorted(),
            "preserved": change.preservedValues.mapValues(Self.jsonValue(of:)),
          ]
        },
      ]
    }
    context.console.writeData(try JSONOutput.serialize(objects))
  }

  /// A preserved value as JSON: numbers and text as they are, bytes in hexadecimal.
  static func jsonValue(of value: HistoryValue) -> Any {
    switch value {
    case .null: NSNull()
    case .integer(let number): number
    case .real(let number): number
    case .text(let text): text
    case .blob: text(of: value)
    }
  }

  /// A preserved value as text: numbers in decimal, bytes in hexadecimal, `nil` for none.
  static func text(of value: HistoryValue) -> String {
    switch value {
    case .null: "nil"
    case .integer(let number): "\(number)"
    case .real(let number): "\(number)"
    case .text(let text): text
    case .blob(let data): data.map { String(format: "%02x", $0) }.joined()
    }
  }
}
