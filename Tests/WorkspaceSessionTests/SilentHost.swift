import Foundation
import Testing
import WorkspaceSystem

/// A stand-in for a host that holds a file's socket and its lock but never answers: it
/// accepts every connection and keeps it, or (`isAccepting` false) never accepts, with a
/// backlog of one that ``fillBacklog()`` fills.
final class SilentHost: @unchecked Sendable {
  let socketPath: String
  private let listening: Int32
  private let lock: Int32
  private let stopped = NSLock()
  private var isStopped = false
  private var descriptors: [Int32] = []

  /// The socket path of `file` for the built `wsctl` (what `wsctl status --json` names).
  static func socketPath(of file: String, in directory: String) async throws -> String {
    let status = try await wsctl(["-f", file, "status", "--json"], in: directory, killedAfter: 10)
    let object =
      try JSONSerialization.jsonObject(with: Data(status.run.output.utf8)) as? [String: Any]
    let path = try #require(object?["socket"] as? String, "\(status)")
    // Made as a host makes it, should none have run yet.
    mkdir(String(path[..<path.lastIndex(of: "/")!]), 0o700)
    return path
  }

  init(socketPath: String, isAccepting: Bool) throws {
    self.socketPath = socketPath
    let lockPath = String(socketPath.dropLast(".sock".count)) + ".lock"
    lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    try #require(lock >= 0 && flock(lock, LOCK_EX | LOCK_NB) == 0, "lock \(lockPath)")
    unlink(socketPath)
    listening = socket(AF_UNIX, Platform.streamSocketType, 0)
    var address = RawControlClient.address(socketPath)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listening, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    try #require(bound == 0 && listen(listening, isAccepting ? 16 : 0) == 0, "listen")
    guard isAccepting else { return }
    let thread = Thread { [self] in
      while !stopped.withLock({ isStopped }) {
        var entry = pollfd(fd: listening, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, 50) > 0 else { continue }
        let client = accept(listening, nil, nil)
        if client >= 0 { stopped.withLock { descriptors.append(client) } }
      }
    }
    thread.start()
  }

  /// Connects until the backlog is full (a non-blocking connect fails with `EAGAIN`).
  func fillBacklog() {
    for _ in 0..<64 {
      let client = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
      var address = RawControlClient.address(socketPath)
      let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(client, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
      }
      if connected != 0 {
        close(client)
        return
      }
      stopped.withLock { descriptors.append(client) }
    }
  }

  deinit {
    stopped.withLock { isStopped = true }
    usleep(100_000)
    for descriptor in descriptors { close(descriptor) }
    unlink(socketPath)
    close(listening)
    unlink(String(socketPath.dropLast(".sock".count)) + ".lock")
    close(lock)
  }
}
