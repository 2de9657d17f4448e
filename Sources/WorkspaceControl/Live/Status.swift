import Workspace
import WorkspaceJSON

/// `wsctl status`: whether a host is live for the file, and its pid; where none can be, why;
/// then where it looked for the host's socket.
///
///     host live for w.json (pid 4242; saved at revision 7)
///     no host for w.json: wsctl edits the file
///     no live host for w.json: the runtime directory '/tmp/wsctl-0' is owned by uid 1000, not 0; wsctl edits the file
///     host for w.json not answering: no reply within 60.0 s (WSCTL_HOST_TIMEOUT)
///
/// each followed by a line such as
///
///     socket '/run/user/1000/wsctl/3f0c9e7a1b2d4c5e.sock' (wsctl in $XDG_RUNTIME_DIR; WSCTL_SOCKET_DIR names another directory)
enum Status {
  /// Prints the status and returns the exit code: 0 when a host is live or none is (with the
  /// reason when none can be), 75 when a host holds the socket but does not answer.
  ///
  /// - Parameters:
  ///   - invocation: The call.
  ///   - replyDeadline: How long to wait for the host's answer, in milliseconds.
  static func run(_ invocation: Invocation, replyDeadline: Int64) -> ExitCode {
    let file = Runner.filePath(invocation.options.file)
    let socket = try? ControlSocket(forFile: file, creatingDirectory: false)
    let directory = try? ControlSocket.chosenDirectory()
    var host: (pid: Int?, status: String?)?
    /// Why no host answers, and whether one holds the socket (it is then not answering).
    var problem: (text: String, isHostStuck: Bool)?
    switch HostClient.connect(file: file) {
    case .live(let client):
      defer { client.close() }
      do {
        switch try client.exchange(.status, within: replyDeadline) {
        case .refused(let refusal)?: problem = ("it refused the request: \(refusal)", true)
        case nil: problem = ("the host closed the connection before it replied", true)
        case .status(let pid, _, let status)?: host = (pid, status)
        case .answered?, .declined?, .line?, .controlling?: host = (nil, nil)
        }
      } catch {
        switch error {
        case .notSent(let error): problem = ("the request could not be sent: \(error)", true)
        case .noReply(.timedOut):
          problem = ("no reply within \(HostClient.spelled(replyDeadline))", true)
        case .noReply(let error): problem = (HostClient.describe(error), true)
        }
      }
    case .noHost: break
    case .unavailable(let reason):
      if case .notAccepted = reason {
        problem = (reason.description, true)
      } else {
        problem = (reason.description, false)
      }
    }
    let pid = host?.pid
    let state = host?.status
    if invocation.options.json {
      Terminal.output(
        JSONWriter.string(
          .object([
            "file": .string(file),
            "live": .bool(host != nil),
            "pid": pid.map { .number(Double($0)) } ?? .null,
            "socket": socket.map { .string($0.path) } ?? .null,
            "socketDirectory": directory.map { .string($0.path) } ?? .null,
            "status": state.map(JSONValue.string) ?? .null,
            "problem": problem.map { .string($0.text) } ?? .null,
          ])))
    } else if host != nil {
      let detail = state.map { "; \($0)" } ?? ""
      Terminal.output(
        "host live for \(file) (pid \(pid.map(String.init) ?? "unknown")\(detail))"
          .escapedForTerminal + "\n")
    } else if let problem, problem.isHostStuck {
      Terminal.output(
        "host for \(file) not answering: \(problem.text)".escapedForTerminal + "\n")
    } else if let problem {
      Terminal.output(
        "no live host for \(file): \(problem.text); wsctl edits the file".escapedForTerminal
          + "\n")
    } else {
      Terminal.output("no host for \(file): wsctl edits the file".escapedForTerminal + "\n")
    }
    if !invocation.options.json, let directory {
      Terminal.output(whereLooked(socket: socket?.path, in: directory).escapedForTerminal + "\n")
    }
    return problem?.isHostStuck == true ? .lockTimeout : .success
  }

  /// Where `status` looked for the host's socket, and why there: the socket's path, or the
  /// directory when there can be no socket in it.
  static func whereLooked(socket: String?, in directory: ControlSocket.Directory) -> String {
    let origin =
      directory.isNamedByVariable
      ? directory.origin
      : directory.origin + "; \(ControlSocket.directoryVariable) names another directory"
    guard let socket else { return "socket directory '\(directory.path)' (\(origin))" }
    return "socket '\(socket)' (\(origin))"
  }
}
