import WorkspaceJSON
import WorkspaceSystem

/// One client of a host's control socket, after its request arrived: the host answers on it.
package final class ControlConnection: @unchecked Sendable {
  /// The client's socket; the listener polls it for the client's hang-up while a stream
  /// (`wsctl watch`) is open on it.
  let descriptor: Int32
  /// The socket until it is closed, under `lock`.
  private var owned: Descriptor?
  private let lock = Lock()
  private var isClosed = false
  /// Whether ``reply(_:)`` was called: a connection carries one reply.
  private var hasReplied = false

  /// How long a reply may take to reach a client that reads slowly, in milliseconds.
  static let replyDeadline: Int64 = 5000

  init(descriptor: Int32) {
    self.descriptor = descriptor
    owned = Descriptor(descriptor)
  }

  deinit {
    close()
  }

  /// Encodes and sends a reply, then closes the connection. A small reply that the socket
  /// takes at once is sent here; a large one is encoded and sent on a thread of its own, and
  /// so is the rest of one the socket does not take at once: a client that reads it slowly
  /// holds that thread (up to a deadline), never the host's. Only the first call replies.
  package func reply(_ message: JSONValue) {
    // Once: a later call (the main actor's, after the writer's queue acknowledged a durable
    // change) finds the reply sent and does nothing.
    let isFirst = lock.withLock { () -> Bool in
      defer { hasReplied = true }
      return !hasReplied
    }
    guard isFirst else { return }
    if Self.isSmall(message) {
      let bytes = ControlProtocol.frame(message)
      let (sent, failure) = lock.withLock { () -> (Int, Int32) in
        guard !isClosed else { return (bytes.count, 0) }
        let count = bytes.withUnsafeBytes { buffer in
          retryingOnInterrupt {
            systemSend(descriptor, buffer.baseAddress!, buffer.count, Platform.sendFlags)
          }
        }
        return (count, count < 0 ? errno : 0)
      }
      if sent >= bytes.count || sent < 0 && failure != EAGAIN && failure != EWOULDBLOCK {
        return close()
      }
      return finishOnThread(Array(bytes[max(sent, 0)...]))
    }
    let started = Platform.startThread { [self] in
      let bytes = ControlProtocol.frame(message)
      try? SocketIO.writeAll(bytes, to: descriptor, until: SocketIO.now() + Self.replyDeadline)
      close()
    }
    if !started { close() }
  }

  /// Sends the rest of a reply on a thread of its own, then closes the connection.
  private func finishOnThread(_ bytes: [UInt8]) {
    let started = Platform.startThread { [self] in
      try? SocketIO.writeAll(bytes, to: descriptor, until: SocketIO.now() + Self.replyDeadline)
      close()
    }
    if !started { close() }
  }

  /// Whether a reply is small enough to encode on the caller's thread: its strings (the
  /// output of a call) hold less than 64 KiB.
  private static func isSmall(_ message: JSONValue) -> Bool {
    guard let object = message.objectValue else { return false }
    var size = 0
    for (_, value) in object.members {
      if let text = value.stringValue { size += text.utf8.count }
    }
    return size < 1 << 16
  }

  /// Sends a message at once if the socket takes all of it, for a stream of changes; a client
  /// that does not keep up (its socket buffer is full) is disconnected, never waited for.
  ///
  /// - Returns: Whether the connection is still open.
  @discardableResult
  package func send(_ message: JSONValue) -> Bool {
    let bytes = ControlProtocol.frame(message)
    return lock.withLock {
      guard !isClosed else { return false }
      do {
        try SocketIO.writeAll(bytes, to: descriptor, until: SocketIO.now())
        return true
      } catch {
        closeOwned()
        return false
      }
    }
  }

  /// Whether the connection is still open.
  package var isOpen: Bool {
    lock.withLock { !isClosed }
  }

  /// Ends the connection both ways without closing its descriptor, so that a thread blocked
  /// reading or writing on it returns (the thread that owns it then closes it); safe to call
  /// more than once.
  package func shutDown() {
    lock.withLock {
      guard !isClosed else { return }
      _ = shutdown(descriptor, Int32(SHUT_RDWR))
    }
  }

  /// Closes the connection; safe to call more than once.
  package func close() {
    lock.withLock {
      guard !isClosed else { return }
      closeOwned()
    }
  }

  /// Closes the socket, holding the lock.
  private func closeOwned() {
    isClosed = true
    try? owned.take()?.close()
  }
}

private func systemSend(
  _ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int, _ flags: Int32
) -> Int {
  send(descriptor, bytes, count, flags)
}
