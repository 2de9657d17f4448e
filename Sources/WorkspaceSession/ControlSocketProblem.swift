import WorkspaceControl

/// Why a session has no control socket: `wsctl` then edits the file instead of asking this
/// host, and the session adopts what it saves, as any other writer's.
///
///     if let problem = session.controlSocketProblem, !problem.isAnotherHost {
///       log("no live control: \(problem)")
///     }
///
/// Most often another host (a second window on the same file) listens on it; the other causes
/// are faults to report: a directory of sockets owned by another user or open to others, a
/// lock that is not a regular file, a call that failed (out of descriptors).
public struct ControlSocketProblem: Error, Hashable, Sendable, CustomStringConvertible {
  /// One line naming the offending path, such as `the runtime directory '/tmp/wsctl-1000' is
  /// owned by uid 0, not 1000`.
  public let description: String
  /// Whether another host listens on the file's socket: not a fault.
  public let isAnotherHost: Bool

  init(_ reason: ControlUnavailable) {
    description = reason.description
    isAnotherHost = reason.isAnotherHost
  }
}

extension WorkspaceSession {
  /// Why the session has no control socket, or `nil` while it listens on one (see
  /// ``controlSocketPath``).
  public var controlSocketProblem: ControlSocketProblem? {
    control.problem.map(ControlSocketProblem.init)
  }
}
