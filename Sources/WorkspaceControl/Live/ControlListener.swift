import WorkspaceJSON

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A host's end of its file's control socket: a thread of its own accepts clients and reads
/// their requests without blocking, each within ``ControlProtocol/requestDeadline``; a whole,
/// well-formed request from a peer of this user goes to the handler, everything else gets an
/// error reply and the connection closed.
///
/// The handler runs on the listener's thread and must return at once (a host hops to its main
/// actor from it); it answers on the ``ControlConnection`` it is given.
package final class ControlListener: @unchecked Sendable {
  /// The socket this listener holds.
  package let socket: ControlSocket
  private let descriptor: Int32
  private let lockDescriptor: Int32
  private let handler: @Sendable (JSONObject, ControlConnection) -> Void
  private let wake: (read: Int32, write: Int32)
  private let lock = Lock()
  private var isStopped = false

  /// The most clients reading a request at once; more are told the host is busy.
  package static let maximumClients = 256

  /// Listens on the control socket of a file.
  ///
  /// - Parameters:
  ///   - file: The workspace file.
  ///   - handler: Called with each request and the connection to answer on.
  /// - Returns: `nil` when the file can have no socket here, or another host holds it.
  package init?(
    file: String, handler: @escaping @Sendable (JSONObject, ControlConnection) -> Void
  ) {
    guard let socket = ControlSocket(forFile: file, creatingDirectory: true),
      let (descriptor, lockDescriptor) = socket.claim()
    else { return nil }
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else {
      socket.release(socket: descriptor, lock: lockDescriptor)
      return nil
    }
    for fd in fds { SocketIO.configure(fd) }
    self.socket = socket
    self.descriptor = descriptor
    self.lockDescriptor = lockDescriptor
    self.handler = handler
    wake = (fds[0], fds[1])
    guard startThread({ [self] in self.run() }) else {
      socket.release(socket: descriptor, lock: lockDescriptor)
      return nil
    }
  }

  /// Stops listening and removes the socket; safe to call more than once.
  package func stop() {
    lock.withLock {
      guard !isStopped else { return }
      isStopped = true
      var byte: UInt8 = 1
      _ = write(wake.write, &byte, 1)
    }
  }

  deinit {
    stop()
  }

  /// A client reading its request.
  private struct Client {
    let descriptor: Int32
    let deadline: Int64
    var bytes: [UInt8] = []
  }

  private func run() {
    var clients: [Client] = []
    defer {
      for client in clients { close(client.descriptor) }
      socket.release(socket: descriptor, lock: lockDescriptor)
      close(wake.read)
      close(wake.write)
    }
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while !lock.withLock({ isStopped }) {
      var entries = [
        pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
        pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
      ]
      entries += clients.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
      let now = SocketIO.now()
      let timeout = clients.map { max(0, $0.deadline - now) }.min().map { Int32($0) } ?? -1
      let ready = poll(&entries, nfds_t(entries.count), timeout)
      if ready < 0 && errno != EINTR { return }
      if entries[0].revents != 0 { return }
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
      // Accepted after the clients are read, since `entries` describe only those.
      if entries[1].revents != 0 { accept(into: &clients) }
    }
  }

  /// Accepts every pending client; a peer of another user, or one past
  /// ``maximumClients``, is refused at once.
  private func accept(into clients: inout [Client]) {
    while true {
      let client = systemAccept(descriptor)
      guard client >= 0 else { return }
      SocketIO.configure(client)
      let user = SocketIO.peerUserID(client)
      guard user == getuid() else {
        refuse(client, .otherUser(UInt32(user ?? UInt32.max)))
        continue
      }
      guard clients.count < Self.maximumClients else {
        refuse(client, .malformed("the host is busy: too many clients at once"))
        continue
      }
      clients.append(
        Client(
          descriptor: client, deadline: SocketIO.now() + Int64(ControlProtocol.requestDeadline)))
    }
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
      let count = chunk.withUnsafeMutableBytes {
        recv(client.descriptor, $0.baseAddress, $0.count, 0)
      }
      if count < 0 {
        if errno == EINTR { continue }
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
    ["version": .number(Double(ControlProtocol.version)), "error": .string(error.description)]
  }
}

private func systemAccept(_ descriptor: Int32) -> Int32 {
  accept(descriptor, nil, nil)
}
