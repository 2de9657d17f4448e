import Workspace
import WorkspaceJSON

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `wsctl`'s side of a live host: sends a request over the file's control socket and reads
/// the reply.
package struct HostClient {
  /// The connected socket.
  let descriptor: Int32

  /// How long `wsctl` waits for a host's reply, in milliseconds: the host replies once the
  /// change is on disk, so this covers a slow disk, never a healthy host.
  static let replyDeadline: Int64 = 60_000

  /// Connects to the live host of a file, or returns `nil` when there is none.
  package init?(file: String) {
    guard let socket = ControlSocket(forFile: file, creatingDirectory: false),
      let descriptor = socket.connect()
    else { return nil }
    self.descriptor = descriptor
  }

  /// Whether a host is live for a file: its socket accepts a connection (closed at once).
  static func isLive(file: String) -> Bool {
    guard let client = HostClient(file: file) else { return false }
    client.close()
    return true
  }

  /// Closes the connection.
  package func close() {
    _ = systemClose(descriptor)
  }

  /// Sends one request.
  package func send(_ request: JSONValue) throws(ControlError) {
    try SocketIO.writeAll(
      ControlProtocol.frame(request), to: descriptor, until: SocketIO.now() + Self.replyDeadline)
  }

  /// Reads one message; `nil` when the host closed the connection.
  ///
  /// - Parameter deadline: How long to wait, in milliseconds; `nil` for as long as it takes.
  package func receive(within deadline: Int64? = replyDeadline) throws(ControlError) -> JSONObject?
  {
    let until = deadline.map { SocketIO.now() + $0 } ?? Int64.max
    guard
      let body = try SocketIO.readFrame(
        from: descriptor, limit: ControlProtocol.maximumReplyBytes, until: until)
    else { return nil }
    return try ControlProtocol.message(body, limit: ControlProtocol.maximumReplyBytes)
  }

  /// Runs a call on the live host of a file.
  ///
  /// - Returns: The host's reply; `nil` when no host is live, when the host declined or
  ///   refused the call (it is not for a host, or the host speaks another protocol version),
  ///   or when the connection failed before the request was sent, so that the call runs on the
  ///   file instead.
  static func run(_ arguments: [String], terminal: TerminalTraits, file: String) -> ToolReply? {
    guard let client = HostClient(file: file) else { return nil }
    defer { client.close() }
    do {
      try client.send(
        .object([
          "version": .number(Double(ControlProtocol.version)), "kind": "run",
          "arguments": .array(arguments.map(JSONValue.string)),
          // The file as this call names it, for the host's messages to name it alike.
          "file": .string(file),
          "terminal": .object([
            "width": .number(Double(terminal.size.width)),
            "height": .number(Double(terminal.size.height)),
            "color": .bool(terminal.usesColor),
          ]),
        ]))
    } catch {
      return nil
    }
    do {
      guard let reply = try client.receive() else {
        return failure("the host closed the connection before it replied")
      }
      // Declined, or refused before it was read (another protocol version, a host too busy):
      // nothing applied, so the file answers.
      if reply["declined"]?.boolValue == true || reply["error"] != nil { return nil }
      guard let output = reply["output"]?.stringValue,
        let errors = reply["errors"]?.stringValue,
        let code = reply["exit"]?.intValue, let raw = Int32(exactly: code),
        let exitCode = ExitCode(rawValue: raw)
      else { return failure("the host's reply is malformed") }
      return ToolReply(output: output, errors: errors, exitCode: exitCode)
    } catch {
      return failure("no reply from the host: \(error)")
    }
  }

  /// A call whose request reached the host but whose reply did not come back: it may have
  /// applied, so it is not run again on the file.
  private static func failure(_ message: String) -> ToolReply {
    ToolReply(
      Failure(message: message + " (the change may have applied)", exitCode: .lockTimeout))
  }
}

private func systemClose(_ descriptor: Int32) -> Int32 {
  close(descriptor)
}
