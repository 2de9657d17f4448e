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
    switch HostClient.connect(file: file) {
    case .live(let client):
      defer { client.close() }
      let answer =
        (try? { () throws(ControlError) -> ControlReply? in
          try client.send(.status, within: Self.deadline)
          return try client.receive(within: Self.deadline)
        }()) ?? nil
      if case .status(let pid, _, let status)? = answer {
        self.pid = pid
        self.status = status
      } else {
        pid = nil
        status = nil
      }
    case .unavailable(.notAccepted):
      // A host holds the socket but does not take the connection: live, and silent.
      pid = nil
      status = nil
    case .noHost, .unavailable:
      return nil
    }
  }

  /// How long to wait for the host's answer, in milliseconds: a status is answered at once
  /// by a host that answers at all.
  private static let deadline: Int64 = 2_000
}
