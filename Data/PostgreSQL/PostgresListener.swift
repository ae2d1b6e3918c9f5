import Foundation
import Synchronization

/// A message a `NOTIFY` (or `pg_notify`) sent on a channel a ``PostgresListener`` listens on.
public struct PostgresNotification: Sendable, Hashable {
  /// The channel it was sent on.
  public let channel: String
  /// The text sent with it (empty if none).
  public let payload: String
  /// The server process of the session that sent it.
  public let senderProcessID: Int

  /// A notification as the server delivers one.
  public init(channel: String, payload: String, senderProcessID: Int) {
    self.channel = channel
    self.payload = payload
    self.senderProcessID = senderProcessID
  }
}

/// Receives the notifications sent on some channels, from any session of the server — another
/// process, another machine — as they are committed, with no polling: a thread of its own waits
/// on the connection's socket and wakes only when the server writes to it.
///
/// <!-- snippet context: postgres -->
/// ```swift
/// let listener = try PostgresListener(url: url, channels: ["catalog"])
/// for try await notification in listener.notifications {
///   print(notification.channel, notification.payload)
///   break
/// }
/// listener.stop()
/// ```
///
/// The stream ends when ``stop()`` is called, when the listener is released, or when its
/// consumer stops iterating; it ends with an error if the connection breaks. Notifications sent
/// inside a transaction arrive when it commits, and not at all if it rolls back (PostgreSQL's
/// rule).
public final class PostgresListener: Sendable {
  /// The notifications, in the order the server delivered them.
  public let notifications: AsyncThrowingStream<PostgresNotification, any Error>
  private let wake: WakePipe

  /// Connects to the server, listens on each channel, and starts waiting for notifications.
  ///
  /// - Throws: ``PostgresError`` if the server cannot be reached or a channel cannot be listened
  ///   on; nothing is left running then.
  public init(url: String, channels: [String]) throws {
    let connection = try PostgresConnection(url: url)
    for channel in channels {
      try connection.execute("LISTEN \(PostgresConnection.quoted(identifier: channel))")
    }
    let wake = try WakePipe()
    let (stream, continuation) = AsyncThrowingStream<PostgresNotification, any Error>.makeStream()
    continuation.onTermination = { _ in wake.signal() }
    let owned = ListeningConnection(connection)
    let thread = Thread {
      owned.receive(until: wake, into: continuation)
      wake.closeReadingEnd()
    }
    thread.name = "PostgresListener"
    thread.start()
    self.notifications = stream
    self.wake = wake
  }

  deinit { wake.signal() }

  /// Stops listening: the stream ends, the thread ends and the connection closes. Stopping
  /// again does nothing.
  public func stop() { wake.signal() }
}

/// The listener's connection, used only by its thread once the listener started it.
///
/// `@unchecked Sendable` is safe: the initializer hands the connection to the thread and keeps
/// no reference to it, so only that thread ever uses it (libpq allows a connection on any one
/// thread at a time).
private final class ListeningConnection: @unchecked Sendable {
  let connection: PostgresConnection

  init(_ connection: PostgresConnection) { self.connection = connection }

  /// Waits for the server to write, or the pipe to be signalled, and yields each notification;
  /// returns when signalled, or when the connection breaks (ending the stream with the error).
  func receive(
    until wake: WakePipe, into continuation: AsyncThrowingStream<PostgresNotification, any Error>.Continuation
  ) {
    while true {
      var waits = [
        pollfd(fd: connection.socket, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wake.readingEnd, events: Int16(POLLIN), revents: 0),
      ]
      guard poll(&waits, 2, -1) >= 0 || errno == EINTR else {
        continuation.finish(throwing: PostgresError(code: nil, message: "poll failed: errno \(errno)"))
        return
      }
      if waits[1].revents != 0 {
        continuation.finish()
        return
      }
      guard waits[0].revents != 0 else { continue }
      do {
        for notification in try connection.receivedNotifications() { continuation.yield(notification) }
      } catch {
        continuation.finish(throwing: error)
        return
      }
    }
  }
}

/// A pipe whose writing end wakes a thread waiting in `poll` on its reading end.
final class WakePipe: Sendable {
  private let ends: (reading: Int32, writing: Int32)
  private let state = Mutex((writingOpen: true, readingOpen: true))

  /// Opens the pipe, both ends closed on `exec`.
  init() throws(PostgresError) {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else {
      throw PostgresError(code: nil, message: "cannot open a pipe: errno \(errno)")
    }
    // Not inherited by a program this process starts, which would keep the pipe open.
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    ends = (fds[0], fds[1])
  }

  /// The end the waiting thread polls.
  var readingEnd: Int32 { ends.reading }

  /// Wakes the thread for good: closes the writing end, which the reading end sees as hung up.
  /// Signalling again does nothing.
  func signal() {
    state.withLock { state in
      guard state.writingOpen else { return }
      state.writingOpen = false
      close(ends.writing)
    }
  }

  /// Closes the reading end, once the thread is done with it.
  func closeReadingEnd() {
    state.withLock { state in
      guard state.readingOpen else { return }
      state.readingOpen = false
      close(ends.reading)
    }
  }

  deinit {
    signal()
    closeReadingEnd()
  }
}
