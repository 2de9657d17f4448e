import WorkspaceJSON
import WorkspaceSystem

/// A host's end of its file's control socket: a thread of its own accepts clients and reads
/// their requests without blocking, each within ``ControlProtocol/requestDeadline``; a whole,
/// well-formed request from a peer of this user goes to the handler, everything else gets an
/// error reply and the connection closed.
///
/// The handler runs on the listener's thread and must return at once (a host hops to its main
/// actor from it); it answers on the ``ControlConnection`` it is given. A connection kept open
/// for a stream (`wsctl watch`) is handed back with ``closeOnHangUp(_:then:)``: the thread
/// polls it too, and closes it as soon as its client goes away, so no descriptor outlives its
/// client.
///
/// **Out of descriptors.** The last descriptors below the process's limit (32, or a quarter of
/// a smaller limit) are kept for the host's own files: a client accepted on one of them is
/// told ``ControlError/busy(_:)`` at once (and runs its call on the file). When `accept` fails
/// for want of descriptors all the same (`EMFILE`, `ENFILE`), the listener sheds the oldest idle client (connected for a while, nothing sent), then
/// answers the waiting clients with ``ControlError/busy(_:)`` through a descriptor it keeps
/// in reserve (each such client runs its call on the file), and if even that fails stops
/// accepting for a while (10 ms, doubling up to 1 s) instead of spinning on a socket that
/// stays readable.
package final class ControlListener: @unchecked Sendable {
  /// The socket this listener holds.
  package let socket: ControlSocket
  private let descriptor: Int32
  private let lockDescriptor: Int32
  private let handler: @Sendable (JSONObject, ControlConnection) -> Void
  private let wake: (read: Int32, write: Int32)
  private let lock = Lock()
  /// Opened by the thread once it has let go of the socket and closed every descriptor.
  private let released = Latch()
  private var isStopped = false
  /// Whether the thread has closed its descriptors (the wake pipe among them).
  private var isFinished = false
  /// Streams handed back, not yet taken in by the thread.
  private var newStreams: [Stream] = []

  /// The most clients reading a request at once; more are told the host is busy.
  static let maximumClients = 256

  /// Listens on the control socket of a file.
  ///
  /// - Parameters:
  ///   - file: The workspace file.
  ///   - handler: Called with each request and the connection to answer on.
  /// - Throws: ``ControlUnavailable``: the file can have no socket here (the directory of
  ///   sockets is unsafe, say), another host holds it, or a call failed.
  package init(
    file: String, handler: @escaping @Sendable (JSONObject, ControlConnection) -> Void
  ) throws(ControlUnavailable) {
    let socket = try ControlSocket(forFile: file, creatingDirectory: true)
    let (descriptor, lockDescriptor) = try socket.claim()
    let pipe: (read: Int32, write: Int32)
    do {
      pipe = try Platform.makePipe(nonBlocking: true)
    } catch {
      socket.release(socket: descriptor, lock: lockDescriptor)
      throw .system("pipe", path: socket.path, code: error.rawValue)
    }
    self.socket = socket
    self.descriptor = descriptor
    self.lockDescriptor = lockDescriptor
    self.handler = handler
    wake = pipe
    guard Platform.startThread({ [self] in self.run() }) else {
      finish(closing: [])
      throw .system("pthread_create", path: socket.path, code: EAGAIN)
    }
  }

  /// Stops listening and removes the socket and its lock; returns once they are gone, so a
  /// host that exits right after leaves nothing behind. Safe to call more than once.
  package func stop() {
    lock.withLock {
      guard !isStopped else { return }
      isStopped = true
      wakeThread()
    }
    released.wait()
  }

  deinit {
    stop()
  }

  /// Keeps a connection that stays open for a stream (`wsctl watch`) under watch: when its
  /// client hangs up (or sends anything more), the connection is closed at once and
  /// `onHangUp` runs, on the listener's thread.
  package func closeOnHangUp(
    _ connection: ControlConnection, then onHangUp: @escaping @Sendable () -> Void
  ) {
    let isTaken = lock.withLock {
      guard !isStopped else { return false }
      newStreams.append(Stream(connection: connection, onHangUp: onHangUp))
      wakeThread()
      return true
    }
    if !isTaken {
      connection.close()
      onHangUp()
    }
  }

  /// Wakes the thread from `poll`; called holding the lock.
  private func wakeThread() {
    guard !isFinished else { return }
    var byte: UInt8 = 1
    _ = write(wake.write, &byte, 1)
  }

  /// A client reading its request.
  private struct Client {
    let descriptor: Int32
    let deadline: Int64
    var bytes: [UInt8] = []

    /// Whether the client has sent nothing for a while (a healthy `wsctl` sends its request
    /// as soon as it is connected).
    func isIdle(at now: Int64) -> Bool {
      bytes.isEmpty && deadline - now <= Int64(ControlProtocol.requestDeadline) - 250
    }
  }

  /// A connection open for a stream, and what to do when its client hangs up.
  private struct Stream {
    let connection: ControlConnection
    let onHangUp: @Sendable () -> Void
  }

  private func run() {
    var clients: [Client] = []
    var streams: [Stream] = []
    var accepting = Accepting()
    defer {
      for client in clients { close(client.descriptor) }
      finish(closing: streams, reserve: accepting.reserve)
    }
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let (isStopped, taken) = lock.withLock { () -> (Bool, [Stream]) in
        defer { newStreams = [] }
        return (self.isStopped, newStreams)
      }
      streams += taken
      if isStopped { return }
      // A stream the host closed itself (a send that failed) needs no more watching.
      streams.removeAll { !$0.connection.isOpen }
      let now = SocketIO.now()
      let isAccepting = now >= accepting.pausedUntil
      var entries = [
        pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
        pollfd(fd: isAccepting ? descriptor : -1, events: Int16(POLLIN), revents: 0),
      ]
      entries += clients.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
      entries += streams.map {
        pollfd(fd: $0.connection.descriptor, events: Int16(POLLIN), revents: 0)
      }
      var wakeUps = clients.map(\.deadline)
      if !isAccepting { wakeUps.append(accepting.pausedUntil) }
      let timeout = wakeUps.min().map { Int32(clamping: max(0, $0 - now)) } ?? -1
      let ready = poll(&entries, nfds_t(entries.count), timeout)
      if ready < 0 && errno != EINTR { return }
      if entries[0].revents != 0 { drainWakeUps() }
      let firstStream = 2 + clients.count
      var kept: [Client] = []
      for (index, var client) in clients.enumerated() {
        let events = entries[index + 2].revents
        if events != 0 {
          switch read(&client, into: &chunk) {
          case .waiting: break
          case .done: continue
          }
        }
        if SocketIO.now() >= client.deadline {
          refuse(client.descriptor, .timedOut)
          continue
        }
        kept.append(client)
      }
      clients = kept
      var stillOpen: [Stream] = []
      for (index, stream) in streams.enumerated() {
        // A watcher sends nothing after its request: readable means it went away.
        guard entries[firstStream + index].revents != 0 else {
          stillOpen.append(stream)
          continue
        }
        stream.connection.close()
        stream.onHangUp()
      }
      streams = stillOpen
      // Accepted after the clients are read, since `entries` describe only those.
      if isAccepting, entries[1].revents != 0 {
        let first = clients.count
        accept(into: &clients, &accepting)
        // A client sends its request as soon as it is connected: read what came already,
        // without another turn of `poll` (a client found waiting is read once it sends).
        var index = first
        while index < clients.count {
          switch read(&clients[index], into: &chunk) {
          case .waiting: index += 1
          case .done: clients.remove(at: index)
          }
        }
      }
    }
  }

  /// Empties the wake-up pipe.
  private func drainWakeUps() {
    var bytes = [UInt8](repeating: 0, count: 64)
    while systemRead(wake.read, &bytes, bytes.count) > 0 {}
  }

  /// Lets go of everything: closes the streams, removes the socket and its lock, closes the
  /// wake-up pipe and the reserve descriptor, then opens ``released``.
  private func finish(closing streams: [Stream], reserve: Int32 = -1) {
    lock.withLock {
      isStopped = true
      isFinished = true
    }
    for stream in streams {
      stream.connection.close()
      stream.onHangUp()
    }
    socket.release(socket: descriptor, lock: lockDescriptor)
    close(wake.read)
    close(wake.write)
    if reserve >= 0 { close(reserve) }
    released.open()
  }

  /// How the listener accepts: the descriptor it keeps in reserve for refusing clients when
  /// it runs out, and how long it holds off accepting after that failed too.
  private struct Accepting {
    /// A descriptor on `/dev/null`, closed to make room for one refusal; -1 while spent.
    var reserve = Accepting.openReserve()
    /// Until when the listening socket is left alone (`SocketIO.now()` milliseconds).
    var pausedUntil: Int64 = 0
    /// The next pause, in milliseconds.
    var pause: Int64 = Accepting.shortestPause
    /// The process's descriptor limit, if it has one.
    let limit = Platform.descriptorLimit()
    /// This process's user, the only one whose clients are served.
    let user = getuid()

    /// Whether an accepted descriptor is one of the last few the process may open: those are
    /// kept for the host's own files (its saves), so clients never take them all.
    func isReserved(_ descriptor: Int32) -> Bool {
      guard let limit else { return false }
      return Int(descriptor) >= limit - min(Self.keptForTheHost, limit / 4)
    }

    /// How many descriptors below the limit no client gets.
    static let keptForTheHost = 32

    static let shortestPause: Int64 = 10
    static let longestPause: Int64 = 1000

    static func openReserve() -> Int32 {
      open("/dev/null", O_RDONLY | O_CLOEXEC)
    }

    /// Holds off accepting for the next pause, twice as long as the last.
    mutating func holdOff() {
      pausedUntil = SocketIO.now() + pause
      pause = min(pause * 2, Self.longestPause)
    }
  }

  /// Accepts every pending client; a peer of another user, or one past
  /// ``maximumClients``, is refused at once. Out of descriptors, see the type's discussion.
  private func accept(into clients: inout [Client], _ accepting: inout Accepting) {
    // Bounded, so that a flood of connections cannot keep the clients from being read.
    for _ in 0..<Self.maximumClients {
      let client = retryingOnInterrupt { Platform.acceptConnection(descriptor) }
      guard client >= 0 else {
        let code = errno
        switch code {
        case ECONNABORTED: continue
        case EMFILE, ENFILE, ENOBUFS, ENOMEM:
          switch makeRoom(in: &clients, &accepting, code: code) {
          case .made: continue
          case .drained: return
          case .none: accepting.holdOff()
          }
        default: accepting.pause = Accepting.shortestPause
        }
        return
      }
      if accepting.isReserved(client) {
        refuse(client, .busy("out of descriptors (\(accepting.limit ?? 0) at most)"))
        continue
      }
      let user = Platform.peerUserID(client)
      guard user == accepting.user else {
        refuse(client, .otherUser(UInt32(user ?? UInt32.max)))
        continue
      }
      guard clients.count < Self.maximumClients else {
        refuse(client, .busy("too many clients at once"))
        continue
      }
      clients.append(
        Client(
          descriptor: client, deadline: SocketIO.now() + Int64(ControlProtocol.requestDeadline)))
    }
  }

  /// What making room for a client came to.
  private enum Room {
    /// A descriptor was freed or a waiting client answered: accept again.
    case made
    /// No client was waiting after all.
    case drained
    /// Nothing could be freed: hold off accepting.
    case none
  }

  /// Out of descriptors: sheds the oldest idle client, or else refuses the next waiting one
  /// through the reserve descriptor.
  private func makeRoom(in clients: inout [Client], _ accepting: inout Accepting, code: Int32)
    -> Room
  {
    let reason = ControlError.busy("out of descriptors (\(Errno(code)))")
    let now = SocketIO.now()
    if let oldest = clients.indices.filter({ clients[$0].isIdle(at: now) })
      .min(by: { clients[$0].deadline < clients[$1].deadline })
    {
      refuse(clients.remove(at: oldest).descriptor, reason)
      return .made
    }
    guard accepting.reserve >= 0 else {
      accepting.reserve = Accepting.openReserve()
      return .none
    }
    close(accepting.reserve)
    let refused = Platform.acceptConnection(descriptor)
    let failure = errno
    if refused >= 0 { refuse(refused, reason) }
    accepting.reserve = Accepting.openReserve()
    if refused >= 0 { return .made }
    return failure == EAGAIN || failure == EWOULDBLOCK ? .drained : .none
  }

  private enum ReadResult {
    /// More bytes are needed.
    case waiting
    /// The client was handed over or closed.
    case done
  }

  /// Reads what a client sent; hands over a whole request, refuses a bad one.
  private func read(_ client: inout Client, into chunk: inout [UInt8]) -> ReadResult {
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer in
        retryingOnInterrupt { recv(client.descriptor, buffer.baseAddress, buffer.count, 0) }
      }
      if count < 0 {
        if errno == EAGAIN || errno == EWOULDBLOCK { return .waiting }
        close(client.descriptor)
        return .done
      }
      if count == 0 {
        // The peer stopped writing: a cut request, or nothing at all.
        if client.bytes.isEmpty {
          close(client.descriptor)
        } else {
          refuse(client.descriptor, .cutOff)
        }
        return .done
      }
      client.bytes += chunk[0..<count]
      guard client.bytes.count >= 4 else { continue }
      let length = ControlProtocol.length(ofHeader: client.bytes)
      guard length <= ControlProtocol.maximumRequestBytes else {
        refuse(client.descriptor, .tooLarge(length, limit: ControlProtocol.maximumRequestBytes))
        return .done
      }
      guard client.bytes.count >= 4 + length else { continue }
      guard client.bytes.count == 4 + length else {
        refuse(client.descriptor, .malformed("bytes after the request"))
        return .done
      }
      let message: JSONObject
      do {
        message = try ControlProtocol.message(
          Array(client.bytes[4...]), limit: ControlProtocol.maximumRequestBytes)
      } catch {
        refuse(client.descriptor, error)
        return .done
      }
      handler(message, ControlConnection(descriptor: client.descriptor))
      return .done
    }
  }

  /// Tells a client why it is refused, if its socket takes the few bytes at once, and closes
  /// the connection.
  private func refuse(_ client: Int32, _ error: ControlError) {
    try? SocketIO.writeAll(
      ControlProtocol.frame(Self.error(error)), to: client, until: SocketIO.now())
    close(client)
  }

  /// The reply that refuses a request.
  package static func error(_ error: ControlError) -> JSONValue {
    ControlReply.refused(error.description).value
  }
}

private func systemRead(_ descriptor: Int32, _ buffer: inout [UInt8], _ count: Int) -> Int {
  read(descriptor, &buffer, count)
}
