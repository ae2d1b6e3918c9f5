import CSQLite
import Foundation

/// Recipes stored through the SQLite C API with Foundation's `JSONEncoder` and `JSONDecoder`
/// for their documents: what an app would write by hand, and the baseline for the engine's
/// own JSON codec.
final class RawRecipeStore {
  private let db: OpaquePointer
  private let encoder = JSONEncoder()
  private let decoder = JSONDecoder()

  init(path: String) throws {
    db = try openDatabase(path)
    try exec("PRAGMA journal_mode = WAL")
    try exec(
      """
      CREATE TABLE "recipes" ("id" BLOB NOT NULL PRIMARY KEY, "title" TEXT NOT NULL, \
      "nutrition" TEXT NOT NULL, "ingredients" TEXT NOT NULL) STRICT
      """)
  }

  deinit { sqlite3_close_v2(db) }

  func insert(_ recipes: [Recipe]) throws {
    try exec("BEGIN IMMEDIATE")
    let statement = try prepare(
      #"INSERT INTO "recipes" ("id", "title", "nutrition", "ingredients") VALUES (?1, ?2, ?3, ?4)"#)
    defer { sqlite3_finalize(statement) }
    for recipe in recipes {
      let nutrition = try encoder.encode(recipe.nutrition)
      let ingredients = try encoder.encode(recipe.ingredients)
      var title = recipe.title
      let code: Int32 = withUnsafeBytes(of: recipe.id.uuid) { id in
        title.withUTF8 { title in
          nutrition.withUnsafeBytes { nutrition in
            ingredients.withUnsafeBytes { ingredients in
              sqlite3_bind_blob(statement, 1, id.baseAddress, 16, nil)
              bindText(statement, 2, UnsafeRawBufferPointer(title))
              bindText(statement, 3, nutrition)
              bindText(statement, 4, ingredients)
              let code = sqlite3_step(statement)
              sqlite3_reset(statement)
              return code
            }
          }
        }
      }
      guard code == SQLITE_DONE else { throw BenchmarkError(String(cString: sqlite3_errmsg(db))) }
    }
    try exec("COMMIT")
  }

  func fetchAll() throws -> [Recipe] {
    let statement = try prepare(#"SELECT "id", "title", "nutrition", "ingredients" FROM "recipes" ORDER BY rowid"#)
    defer { sqlite3_finalize(statement) }
    var recipes: [Recipe] = []
    try forEachRow(of: statement, on: db) {
      recipes.append(
        Recipe(
          id: uuidColumn(statement, 0), title: textColumn(statement, 1),
          nutrition: try decoder.decode(Recipe.Nutrition.self, from: data(statement, 2)),
          ingredients: try decoder.decode([Recipe.Ingredient].self, from: data(statement, 3))))
    }
    return recipes
  }

  private func data(_ statement: OpaquePointer, _ column: Int32) -> Data {
    Data(bytes: sqlite3_column_text(statement, column), count: Int(sqlite3_column_bytes(statement, column)))
  }

  private func bindText(_ statement: OpaquePointer, _ index: Int32, _ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else {
      sqlite3_bind_text(statement, index, "", 0, nil)
      return
    }
    sqlite3_bind_text(statement, index, base.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil)
  }

  private func prepare(_ sql: String) throws -> OpaquePointer {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
      throw BenchmarkError(String(cString: sqlite3_errmsg(db)))
    }
    return statement
  }

  private func exec(_ sql: String) throws {
    guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
      throw BenchmarkError(String(cString: sqlite3_errmsg(db)))
    }
  }
}
