import Catalog
import CatalogStorage
import FaultVFS
import Foundation
import Persistence
import Repositories
import RepositoryTesting
import TestSupport
import Testing

/// Damaged and hostile store files give a typed error or open correctly — never a crash — and a
/// file that is refused is left byte-identical, with no `-wal`, `-shm` or `-journal` beside it.
@Suite("Hostile store files")
struct HostileFileTests {
  let folder: TemporaryDirectory
  /// A sound catalog store: movies with notes long enough to need overflow pages.
  let sound: Data
  static let pageSize = 4096

  init() async throws {
    folder = try TemporaryDirectory()
    let url = folder.file("sound.store")
    do {
      let container = try CatalogStore.open(url)
      let date = Date(timeIntervalSinceReferenceDate: 0)
      try await SQLiteRepository<Movie>(container: container).insert(
        (0..<40).map { Movie(title: "movie \($0)", content: String(repeating: "notes ", count: $0 * 40), date: date) })
    }
    sound = try Data(contentsOf: url)
  }

  /// Hostile schema objects, each added to a sound store with SQLite's C API directly.
  static let hostileSchemas =
    [
      "CREATE TRIGGER hostile AFTER INSERT ON movies BEGIN DELETE FROM movies; END",
      "CREATE TRIGGER hostile BEFORE UPDATE ON movies BEGIN SELECT raise(ABORT, 'hostile'); END",
      "CREATE VIEW hostile AS SELECT title FROM movies",
      "CREATE TABLE hostile(a)",
      """
      PRAGMA writable_schema = ON;
      UPDATE sqlite_schema SET sql = replace(sql, '("rate")', '(swift_add("rate", 1))') WHERE name = 'movies_rate'
      """,
      """
      PRAGMA writable_schema = ON;
      UPDATE sqlite_schema SET sql = replace(sql, '"title" TEXT', '"title" TEXT CHECK (swift_divide(1, 0))') WHERE name = 'movies'
      """,
      """
      PRAGMA writable_schema = ON;
      INSERT INTO sqlite_schema VALUES ('table', 'phantom', 'phantom', 9999, 'CREATE TABLE phantom(a)')
      """,
      """
      PRAGMA writable_schema = ON;
      UPDATE sqlite_schema SET rootpage = 1 WHERE type = 'index'
      """,
    ] + editedDefinitions.map(\.sql)

  /// Tables of the engine whose definitions were changed in a way that changes how values are
  /// stored, compared or refused, while their columns keep their names: by editing the stored
  /// text through `writable_schema`, or by rebuilding the table the way sqlite.org describes.
  static let editedDefinitions: [(table: String, sql: String)] = [
    edit("movies", #""title" TEXT NOT NULL"#, #""title" TEXT NOT NULL COLLATE NOCASE"#),
    edit("movies", #""content" TEXT NOT NULL"#, #""content" TEXT NOT NULL DEFAULT (swift_divide(1, 0))"#),
    edit("movies", #""title" TEXT NOT NULL"#, #""title" TEXT NOT NULL ON CONFLICT REPLACE"#),
    edit("movies", #""heart" INTEGER NOT NULL"#, #""heart" INTEGER NOT NULL, "g" INTEGER AS (swift_divide(1, 0))"#),
    edit("movies", #""heart" INTEGER NOT NULL"#, #""heart" INTEGER NOT NULL GENERATED ALWAYS AS (1)"#),
    edit("movies", #""rate" INTEGER NOT NULL"#, #""rate" ANY NOT NULL"#),
    edit("movies", #""runtime" INTEGER"#, #""runtime" INTEGER NOT NULL"#),
    edit("movies", ") STRICT", ")"),
    edit("reviews", "ON DELETE CASCADE)", "ON DELETE CASCADE ON UPDATE CASCADE)"),
    edit("reviews", "ON DELETE CASCADE)", "ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED)"),
    edit("_schema_version", "CHECK (id = 1)", "CHECK (id = 1 OR swift_divide(1, 0))"),
    edit("movies_date_title_id", #""id")"#, #""id") WHERE "rate" > 5"#, table: "movies"),
    edit("movies_title_date_unique", #"("title", "date")"#, #"("title" COLLATE NOCASE, "date")"#, table: "movies"),
    rebuiltMovies(#""content" TEXT NOT NULL UNIQUE"#, options: "STRICT"),
    rebuiltMovies(#""content" TEXT NOT NULL"#, options: "STRICT, WITHOUT ROWID"),
    rebuiltMovies(#""content" TEXT NOT NULL"#, options: ""),
  ]

  /// Replaces text in the stored SQL of one schema object.
  static func edit(_ name: String, _ old: String, _ new: String, table: String? = nil) -> (String, String) {
    let sql = """
      PRAGMA writable_schema = ON;
      UPDATE sqlite_schema SET sql = replace(sql, '\(old)', '\(new)') WHERE name = '\(name)';
      PRAGMA writable_schema = OFF;
      """
    return (table ?? name, sql)
  }

  /// Rebuilds the movies table with another definition of its `content` column and other table
  /// options, keeping its rows and indexes.
  static func rebuiltMovies(_ content: String, options: String) -> (String, String) {
    let sql = """
      PRAGMA foreign_keys = OFF;
      CREATE TABLE "hostile" ("id" BLOB NOT NULL PRIMARY KEY, "title" TEXT NOT NULL, \(content), \
      "images" TEXT NOT NULL, "date" REAL NOT NULL, "rate" INTEGER NOT NULL, "heart" INTEGER NOT NULL, \
      "runtime" INTEGER) \(options);
      INSERT INTO "hostile" SELECT * FROM "movies";
      DROP TABLE "movies";
      ALTER TABLE "hostile" RENAME TO "movies";
      CREATE INDEX "movies_date_title_id" ON "movies" ("date", "title", "id");
      CREATE INDEX "movies_rate" ON "movies" ("rate");
      CREATE UNIQUE INDEX "movies_title_date_unique" ON "movies" ("title", "date");
      """
    return ("movies", sql)
  }

  /// What opening one file did.
  enum Verdict: Equatable {
    case opened, refused
    /// Refused, but the file or its neighbours changed.
    case refusedAndTouched(String)
  }

  /// Opens the file at `url` as the app does; if it opens, reads every movie. Any error must be
  /// one the engine declares.
  func open(_ url: URL) async -> Verdict {
    let before = try? Data(contentsOf: url)
    do {
      let container = try CatalogStore.open(url)
      let movies = try SQLiteRepository<Movie>(container: container)
      do {
        _ = try await movies.fetch(FetchDescriptor(sortBy: [SortDescriptor(\.title)]))
        _ = try await movies.fetchCount(FetchDescriptor())
      } catch {
        #expect(error is RepositoryError, "reading an opened damaged store: \(type(of: error)) \(error)")
      }
      return .opened
    } catch {
      var changes: [String] = []
      if (try? Data(contentsOf: url)) != before { changes.append("its bytes changed") }
      for suffix in ["-wal", "-shm", "-journal"] where FileManager.default.fileExists(atPath: url.path + suffix) {
        changes.append("\(suffix) was created")
      }
      return changes.isEmpty ? .refused : .refusedAndTouched(changes.joined(separator: ", "))
    }
  }

  /// A fresh path holding `bytes`, with nothing beside it.
  func place(_ bytes: Data, _ name: String) throws -> URL {
    let url = folder.file("\(name).store")
    for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
    try? FileManager.default.removeItem(at: url.appendingPathExtension("external"))
    try bytes.write(to: url)
    return url
  }

  /// A sound store with a hostile schema object added.
  func crafted(_ sql: String, _ name: String) throws -> Data {
    let url = try place(sound, name)
    var message = [UInt8](repeating: 0, count: 512)
    let result = message.withUnsafeMutableBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { raw_sql_execute(url.path, sql, $0.baseAddress, Int32($0.count)) }
    }
    let reason = String(decoding: message.prefix { $0 != 0 }, as: UTF8.self)
    try #require(result == 0, "crafting failed: \(reason) for \(sql)")
    return try Data(contentsOf: url)
  }

  @Test func mutatedStoresGiveATypedErrorOrOpenAndARefusedOneIsUntouched() async throws {
    let count = ReliabilityScale.count(1_000, long: 10_000)
    let bases = [sound] + (try Self.hostileSchemas.enumerated().map { try crafted($1, "base-\($0)") })
    var mutator = StoreMutator(random: SplitMix64(seed: 0xBAD_F11E))
    var tally: [String: Int] = [:]
    var touched: [String] = []
    for index in 0..<count {
      let (bytes, damage) = mutator.mutate(bases[index % bases.count], pageSize: Self.pageSize)
      let verdict = await open(try place(bytes, "mutant"))
      switch verdict {
      case .opened: tally["opened", default: 0] += 1
      case .refused: tally["refused", default: 0] += 1
      case .refusedAndTouched(let change):
        tally["refused", default: 0] += 1
        touched.append("mutant \(index) (\(damage)): \(change)")
      }
    }
    ReliabilityScale.report("mutated stores tried", count)
    ReliabilityScale.report("mutated stores opened", tally["opened", default: 0])
    ReliabilityScale.report("mutated stores refused", tally["refused", default: 0])
    ReliabilityScale.report("refused mutated stores touched", touched.count)
    #expect(touched.isEmpty, "\(touched.count) refused files were changed: \(touched.prefix(5))")
  }

  @Test(arguments: hostileSchemas.indices)
  func aHostileSchemaIsRefusedBeforeAnyWrite(_ index: Int) async throws {
    let url = try place(try crafted(Self.hostileSchemas[index], "hostile-\(index)"), "hostile-\(index)")
    #expect(await open(url) == .refused, "\(Self.hostileSchemas[index])")
  }

  @Test(arguments: editedDefinitions.indices)
  func anEditedTableDefinitionIsRefusedNamingTheTable(_ index: Int) throws {
    let (table, sql) = Self.editedDefinitions[index]
    let url = try place(try crafted(sql, "edited-\(index)"), "edited-\(index)")
    do {
      _ = try CatalogStore.open(url)
      Issue.record("opened: \(sql)")
    } catch let PersistenceError.cannotOpen(_, reason) {
      #expect(reason.contains("table '\(table)'"), "\(reason)")
    } catch {
      Issue.record("not a refusal to open: \(error)")
    }
    #expect(try CatalogStore.problems(of: url).contains { $0.contains("table '\(table)'") }, "\(sql)")
  }
}
