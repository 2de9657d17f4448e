import WorkspaceSystem

/// Why a file has no live control: a host cannot listen on its socket, or `wsctl` cannot
/// reach the host that holds it. Each case names the offending path; the host reports it
/// (a session's `controlSocketProblem`), `wsctl status` explains it.
///
///     the runtime directory '/tmp/wsctl-1000' is owned by uid 0, not 1000
///     the runtime directory '/run/user/1000/wsctl' has mode 0755, open to other users
///     the socket's lock '/run/user/1000/wsctl/3f0c9e7a1b2d4c5e.lock' is a FIFO, not a regular file
package enum ControlUnavailable: Error, Hashable, CustomStringConvertible {
  /// The directory of sockets is something else: a symbolic link, a file.
  case directoryNotADirectory(String, kind: String)
  /// The directory of sockets belongs to another user (squatted, say in `/tmp`).
  case directoryOwned(String, owner: UInt32, user: UInt32)
  /// The directory of sockets lets other users in (a mode other than 0700).
  case directoryOpen(String, mode: UInt32)
  /// The directory of sockets cannot be made or examined.
  case directoryUnusable(String, code: Int32)
  /// `WSCTL_SOCKET_DIR` is not an absolute path.
  case variableNotAbsolute(String)
  /// The socket's path does not fit a socket address (`limit` is `sun_path`'s size with the
  /// terminating zero: 104 bytes on Darwin, 108 on Linux).
  case pathTooLong(String, limit: Int)
  /// The socket's lock is something else than a regular file (a FIFO, a directory, a link).
  case lockNotRegular(String, kind: String)
  /// Another host holds the socket's lock: it listens for the file.
  case anotherHost(String)
  /// The host holds the socket but did not accept the connection in time: its backlog is
  /// full, or it stopped.
  case notAccepted(String, milliseconds: Int64)
  /// A system call failed on a path (out of descriptors, say).
  case system(String, path: String, code: Int32)

  package var description: String {
    switch self {
    case .directoryNotADirectory(let path, let kind):
      "the runtime directory '\(path)' is \(kind), not a directory"
    case .directoryOwned(let path, let owner, let user):
      "the runtime directory '\(path)' is owned by uid \(owner), not \(user)"
    case .directoryOpen(let path, let mode):
      "the runtime directory '\(path)' has mode \(Self.octal(mode)), open to other users"
        + " (it must be 0700)"
    case .directoryUnusable(let path, let code):
      "cannot use the runtime directory '\(path)': \(Self.text(code))"
    case .variableNotAbsolute(let path):
      "WSCTL_SOCKET_DIR '\(path)' is not an absolute path"
    case .pathTooLong(let path, let limit):
      "the socket path '\(path)' is longer than the \(limit - 1) bytes a socket address holds"
        + " (set WSCTL_SOCKET_DIR to a shorter directory)"
    case .lockNotRegular(let path, let kind):
      "the socket's lock '\(path)' is \(kind), not a regular file"
    case .anotherHost(let path): "another host listens on '\(path)'"
    case .notAccepted(let path, let milliseconds):
      "the host on '\(path)' did not accept the connection within \(milliseconds) ms"
    case .system(let call, let path, let code): "\(call) '\(path)' failed: \(Self.text(code))"
    }
  }

  /// Whether the problem is only that another host has the socket: no fault, the usual case
  /// of a second window on one file.
  package var isAnotherHost: Bool {
    if case .anotherHost = self { true } else { false }
  }

  private static func octal(_ mode: UInt32) -> String {
    let digits = String(mode & 0o7777, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  private static func text(_ code: Int32) -> String {
    Errno(code).description
  }
}
