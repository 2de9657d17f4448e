import Workspace
import WorkspaceJSON
import WorkspaceSystem

/// `wsctl`'s side of a live host: sends a request over the file's control socket and reads
/// the reply. Every wait has a deadline: the connection ``connectDeadline``, the reply
/// ``replyDeadline()`` (`WSCTL_HOST_TIMEOUT`).
struct HostClient {
  /// The connected socket.
  let descriptor: Int32

  /// How long `wsctl` waits for a host to take its connection, in milliseconds: a healthy
  /// host accepts at once, so this only covers a full backlog (a stopped or wedged host).
  static let connectDeadline: Int64 = 1000

  /// How long `wsctl` waits for a host's reply by default, in milliseconds: the host replies
  /// once the change is on disk, so this covers a slow disk, never a healthy host.
  static let defaultReplyDeadline: Int64 = 60_000

  /// How long `wsctl` waits for a host's reply, in milliseconds: `$WSCTL_HOST_TIMEOUT`
  /// seconds, else ``defaultReplyDeadline``.
  ///
  /// - Throws: A usage ``Failure`` for a value that is not a positive number of seconds.
  static func replyDeadline() throws(Failure) -> Int64 {
    guard let text = Terminal.environment("WSCTL_HOST_TIMEOUT"), !text.isEmpty else {
      return defaultReplyDeadline
    }
    guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 86_400 else {
      throw .usage(
        "invalid WSCTL_HOST_TIMEOUT '\(text)': expected a number of seconds such as 2.5")
    }
    return max(1, Int64(seconds * 1000))
  }

  /// A deadline as messages name it: `60.0 s (WSCTL_HOST_TIMEOUT)`.
  static func spelled(_ milliseconds: Int64) -> String {
    "\(Double(milliseconds) / 1000) s (WSCTL_HOST_TIMEOUT)"
  }

  /// What looking for the live host of a file found.
  enum Lookup {
    /// A host took the connection.
    case live(HostClient)
    /// No host listens: no socket, or a stale one.
    case noHost
    /// No host can be reached, for this reason (a host that does not accept, an unsafe
    /// directory, a lock that is not a regular file).
    case unavailable(ControlUnavailable)
  }

  /// Connects to the live host of a file, waiting at most ``connectDeadline``.
  static func connect(file: String) -> Lookup {
    let socket: ControlSocket
    do {
      socket = try ControlSocket(forFile: file, creatingDirectory: false)
    } catch {
      return .unavailable(error)
    }
    switch socket.connect(within: connectDeadline) {
    case .connected(let descriptor): return .live(HostClient(descriptor: descriptor))
    case .noHost: return .noHost
    case .unavailable(let reason): return .unavailable(reason)
    }
  }

  /// Whether a host is live for a file: its socket accepts a connection (closed at once).
  static func isLive(file: String) -> Bool {
    guard case .live(let client) = connect(file: file) else { return false }
    client.close()
    return true
  }

  /// Closes the connection.
  package func close() {
    try? Descriptor(descriptor).close()
  }

  /// Sends one request, within `deadline` milliseconds.
  package func send(_ request: ControlRequest, within deadline: Int64) throws(ControlError) {
    try send(frame: request.frame, within: deadline)
  }

  /// Sends one request's frame (``ControlRequest/frame``), within `deadline` milliseconds.
  func send(frame: [UInt8], within deadline: Int64) throws(ControlError) {
    try SocketIO.writeAll(frame, to: descriptor, until: SocketIO.now() + deadline)
  }

  /// Reads one reply; `nil` when the host closed the connection.
  ///
  /// - Parameter deadline: How long to wait, in milliseconds; `nil` for as long as it takes
  ///   (a watch).
  /// - Throws: ``ControlError/timedOut`` when nothing came whole in time, and
  ///   ``ControlError/malformed(_:)`` for a message of no reply's shape.
  func receive(within deadline: Int64?) throws(ControlError) -> ControlReply? {
    let until = deadline.map { SocketIO.now() + $0 } ?? Int64.max
    guard
      let body = try SocketIO.readFrame(
        from: descriptor, limit: ControlProtocol.maximumReplyBytes, until: until)
    else { return nil }
    let message = try ControlProtocol.message(body, limit: ControlProtocol.maximumReplyBytes)
    guard let reply = ControlReply(message) else { throw .malformed("no reply has its members") }
    return reply
  }

  /// Why an ``exchange(_:within:)`` got no message back.
  enum ExchangeFailure: Error {
    /// The request did not go out whole, and no refusal came back: nothing was applied.
    case notSent(ControlError)
    /// The request went out, but no message came back whole (``ControlError/timedOut``
    /// when none came in time).
    case noReply(ControlError)
  }

  /// Sends a request and reads the first message back: the reply, or the host's refusal
  /// (a host too busy for the request refuses it and closes the connection, which can fail
  /// the send, so a refusal is looked for then too).
  ///
  /// - Returns: The message, or `nil` if the host closed the connection without one.
  func exchange(_ request: ControlRequest, within deadline: Int64) throws(ExchangeFailure)
    -> ControlReply?
  {
    try exchange(frame: request.frame, within: deadline)
  }

  /// Sends a request's frame (``ControlRequest/frame``) and reads the first message back, as
  /// ``exchange(_:within:)`` does.
  func exchange(frame: [UInt8], within deadline: Int64) throws(ExchangeFailure)
    -> ControlReply?
  {
    do {
      try send(frame: frame, within: deadline)
    } catch {
      guard case .refused(let reason)? = (try? receive(within: 50)) ?? nil else {
        throw .notSent(error)
      }
      return .refused(reason)
    }
    do {
      return try receive(within: deadline)
    } catch {
      throw .noReply(error)
    }
  }

  /// What asking the host came to.
  enum Outcome {
    /// The host's reply, to print as it is.
    case answered(ToolReply)
    /// No host answers and nothing was applied: the call runs on the file, after this
    /// warning, if any.
    case fileMode(warning: String?)
  }

  /// Runs a call on the live host of a file.
  ///
  /// - Parameters:
  ///   - arguments: The call's arguments for the host.
  ///   - terminal: The terminal `show` draws for.
  ///   - file: The file, as the user named it.
  ///   - replyDeadline: How long to wait for the reply, in milliseconds.
  ///   - mayChange: Whether the call may change the workspace (not an inspection or a dry
  ///     run): such a call whose reply does not come is not run again on the file.
  /// - Returns: The host's reply; file mode when no host is live, when the host declined or
  ///   refused the call (it is not for a host, the host speaks another protocol version or
  ///   is busy), when no host took the connection in time or the request could not be sent,
  ///   and when an inspection got no reply in time. A call that may have changed the
  ///   workspace and got no reply fails with exit 75.
  static func run(
    _ arguments: [String], terminal: TerminalTraits, file: String, replyDeadline: Int64,
    mayChange: Bool
  ) -> Outcome {
    // The request is made before the connection, so that it leaves the moment the host takes
    // it: made after, the host's listener, woken by the connection, found nothing to read,
    // slept again and was woken a second time by the request (and on two cores it could take
    // this process's core in between). File mode pays for the frame it does not send: a few
    // µs against the milliseconds of its save.
    let frame = ControlRequest.run(
      HostCall(arguments: arguments, terminal: terminal, fileName: file)
    ).frame
    let client: HostClient
    switch connect(file: file) {
    case .live(let live): client = live
    case .noHost: return .fileMode(warning: nil)
    case .unavailable(let reason):
      guard case .notAccepted = reason else { return .fileMode(warning: nil) }
      return .fileMode(warning: "\(reason); the call runs on the file")
    }
    defer { client.close() }
    let reply: ControlReply?
    do {
      reply = try client.exchange(frame: frame, within: replyDeadline)
    } catch {
      switch error {
      case .notSent:
        // Not sent whole: the host applies only a whole request.
        return .fileMode(warning: nil)
      case .noReply(.timedOut):
        let message = "the host for '\(file)' did not answer within \(spelled(replyDeadline))"
        guard mayChange else {
          return .fileMode(warning: message + "; the call runs on the file")
        }
        return failure(message)
      case .noReply(let error):
        return failure(Self.describe(error))
      }
    }
    guard let reply else {
      return failure("the host for '\(file)' closed the connection before it replied")
    }
    switch reply {
    case .answered(let answer): return .answered(answer)
    case .declined, .refused:
      // Declined, or refused before it was read (another protocol version, a host too busy):
      // nothing applied, so the file answers.
      return .fileMode(warning: nil)
    case .status, .line, .controlling:
      return failure(Self.describe(.malformed("not the answer to a call")))
    }
  }

  /// What went wrong reading a reply, in `wsctl`'s words (a ``ControlError`` speaks of
  /// requests, as the host reports them).
  static func describe(_ error: ControlError) -> String {
    switch error {
    case .cutOff: "the host's reply was cut off"
    case .tooLarge(let length, let limit):
      "the host's reply of \(length) bytes is over the limit of \(limit)"
    case .malformed(let reason): "the host's reply is malformed: \(reason)"
    case .unsupportedVersion(let version):
      "the host's reply speaks protocol version \(version), not \(ControlProtocol.version)"
    case .system(let call, let code):
      "reading the host's reply failed: \(call): \(Errno(code))"
    case .timedOut, .otherUser, .busy: "no reply from the host: \(error)"
    }
  }

  /// A call whose request reached the host but whose reply did not come back: it may have
  /// applied, so it is not run again on the file.
  private static func failure(_ message: String) -> Outcome {
    .answered(
      ToolReply(
        Failure(message: message + "; the change may have applied", exitCode: .lockTimeout)))
  }
}
