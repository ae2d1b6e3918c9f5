internal import CSQLite

extension Connection {
  /// How many virtual machine instructions pass between two looks at a budget.
  private static let stepsBetweenLooks: Int32 = 1_000

  /// Runs `body`, interrupting it once the statements it steps have run about `steps` of
  /// SQLite's virtual machine instructions between them (within a thousand): the result, or
  /// `nil` when it was interrupted.
  ///
  /// SQLite's [progress handler](https://www.sqlite.org/c3ref/progress_handler.html) counts
  /// them; an interrupted statement fails with `SQLITE_INTERRUPT`, which is caught here, and a
  /// read transaction it ran in goes on (only a write's is rolled back, so `body` must only read).
  ///
  /// - Throws: what `body` throws, but the interruption.
  package func withinSteps<T>(_ steps: Int, _ body: () throws -> T) throws -> T? {
    let looksLeft = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    looksLeft.initialize(to: max(1, steps / Int(Self.stepsBetweenLooks)))
    sqlite3_progress_handler(
      handle, Self.stepsBetweenLooks,
      { context in
        guard let left = context?.assumingMemoryBound(to: Int.self) else { return 1 }
        left.pointee -= 1
        return left.pointee > 0 ? 0 : 1
      }, looksLeft)
    defer {
      sqlite3_progress_handler(handle, 0, nil, nil)
      looksLeft.deallocate()
    }
    do {
      return try body()
    } catch let error as SQLiteError where error.code == SQLITE_INTERRUPT {
      return nil
    }
  }
}
