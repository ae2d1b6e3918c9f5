import Foundation
import PostgresCore
import Testing

/// LISTEN/NOTIFY against a real server: another session's committed notification arrives, a
/// rolled-back one never does, and stopping ends the stream and closes what the listener opened.
@Suite(.needsPostgreSQL)
struct PostgresListenerTests {
  let url: String

  init() throws {
    url = try PostgresTestServer.makeDatabase()
  }

  @Test func aCommittedNotificationArrivesAndARolledBackOneDoesNot() async throws {
    let listener = try PostgresListener(url: url, channels: ["catalog", "odd \"channel\""])
    let sender = try PostgresConnection(url: url)
    try sender.execute("BEGIN; SELECT pg_notify('catalog', 'rolled back'); ROLLBACK")
    _ = try sender.query("SELECT pg_notify($1, $2)", [.text("catalog"), .text("first")])
    _ = try sender.query("SELECT pg_notify($1, $2)", [.text("elsewhere"), .text("not listened")])
    _ = try sender.query("SELECT pg_notify($1, $2)", [.text("odd \"channel\""), .text("second")])
    var received: [PostgresNotification] = []
    for try await notification in listener.notifications {
      received.append(notification)
      if received.count == 2 { break }
    }
    let senderID = try #require(sender.query("SELECT pg_backend_pid()").int64(row: 0, column: 0))
    #expect(
      received == [
        PostgresNotification(channel: "catalog", payload: "first", senderProcessID: Int(senderID)),
        PostgresNotification(channel: "odd \"channel\"", payload: "second", senderProcessID: Int(senderID)),
      ])
  }

  @Test func stoppingEndsTheStream() async throws {
    let listener = try PostgresListener(url: url, channels: ["catalog"])
    listener.stop()
    listener.stop()
    var count = 0
    for try await _ in listener.notifications { count += 1 }
    #expect(count == 0)
  }

  @Test func listenersLeaveNoFileOpenOnceStopped() async throws {
    // Each listener's own files are those that opened while it started: tests running
    // alongside open and close files too, so a count of the process's files cannot tell them
    // apart (it once grew by 51 in CI). Each open file is named by its descriptor and what it
    // is (`socket:[inode]`, `pipe:[inode]`), which no other file shares while it is open.
    var leaking = 0
    for _ in 0..<20 {
      let before = try openFiles()
      let listener = try PostgresListener(url: url, channels: ["catalog"])
      let opened = try openFiles().subtracting(before)
      #expect(!opened.isEmpty, "a listener holds a connection and a pipe")
      listener.stop()
      for try await _ in listener.notifications {}
      // The thread closes the connection and the pipe as it ends, just after the stream ends.
      var left = try opened.intersection(openFiles())
      for _ in 0..<100 where !left.isEmpty {
        try await Task.sleep(for: .milliseconds(20))
        left = try opened.intersection(openFiles())
      }
      // Another test's file opened in the same moment may still be open: a leak is every time.
      if !left.isEmpty { leaking += 1 }
    }
    #expect(leaking < 10, "\(leaking) of 20 stopped listeners left files open")
  }

  @Test func aBrokenConnectionEndsTheStreamWithAnError() async throws {
    let listener = try PostgresListener(url: url, channels: ["catalog"])
    let admin = try PostgresConnection(url: url)
    _ = try admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND datname = current_database()"
    )
    await #expect(throws: PostgresError.self) {
      for try await _ in listener.notifications {}
    }
  }

  /// The files the process has open, each as its descriptor and what it is
  /// (`7 socket:[123456]`); a descriptor closed while it is read is left out.
  private func openFiles() throws -> Set<String> {
    let folder = "/proc/self/fd"
    let descriptors = try FileManager.default.contentsOfDirectory(atPath: folder)
    return Set(
      descriptors.compactMap { descriptor in
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\(descriptor)")).map {
          "\(descriptor) \($0)"
        }
      })
  }
}
