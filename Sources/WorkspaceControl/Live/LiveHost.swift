import Workspace
import WorkspaceJSON

/// The live host of a file, as its answer to the `status` request describes it: what
/// `wsctl` names when it refuses to act on a file a host holds.
struct LiveHost {
  /// The host's process id, if it said.
  let pid: Int?
  /// Where the host's state stands against the file (`saved at revision 7`), if it said.
  let status: String?

  /// Asks the live host of a file for its status; `nil` when no host is live. A host that
  /// accepts the connection but does not answer is live, with neither pid nor status.
  ///
  /// - Parameter file: The workspace file, as the call names it.
  init?(file: String) {
    guard let client = HostClient(file: file) else { return nil }
    defer { client.close() }
    let answer = try? { () throws(ControlError) -> JSONObject? in
      try client.send(["version": .number(Double(ControlProtocol.version)), "kind": "status"])
      return try client.receive()
    }()
    pid = answer?["pid"]?.intValue
    status = answer?["status"]?.stringValue
  }
}
