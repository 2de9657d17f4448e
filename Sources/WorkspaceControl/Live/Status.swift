import Workspace
import WorkspaceJSON

/// `wsctl status`: whether a host is live for the file, and its pid.
enum Status {
  /// Prints the status and returns the exit code: 0 whether or not a host is live.
  static func run(_ invocation: Invocation) -> ExitCode {
    let file = Runner.filePath(invocation.options)
    let socket = ControlSocket(forFile: file, creatingDirectory: false)
    var host: JSONObject?
    if let client = HostClient(file: file) {
      defer { client.close() }
      host = try? {
        try client.send(["version": .number(Double(ControlProtocol.version)), "kind": "status"])
        return try client.receive()
      }()
    }
    let pid = host?["pid"]?.intValue
    let state = host?["status"]?.stringValue
    if invocation.options.json {
      Terminal.output(
        JSONWriter.string(
          .object([
            "file": .string(file),
            "live": .bool(host != nil),
            "pid": pid.map { .number(Double($0)) } ?? .null,
            "socket": socket.map { .string($0.path) } ?? .null,
            "status": state.map(JSONValue.string) ?? .null,
          ])))
    } else if host != nil {
      let detail = state.map { "; \($0)" } ?? ""
      Terminal.output(
        "host live for \(file) (pid \(pid.map(String.init) ?? "unknown")\(detail))"
          .escapedForTerminal + "\n")
    } else {
      Terminal.output("no host for \(file): wsctl edits the file".escapedForTerminal + "\n")
    }
    return .success
  }
}
