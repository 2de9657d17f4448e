import WorkspaceJSON
import WorkspaceSystem

/// A reply that goes out once, whichever of its senders comes first: a live edit's reply is
/// sent from the writer's thread once the save is durable, and the main actor, told of the
/// same save afterwards, finds it sent and builds nothing (a control session's script pays
/// one reply's JSON a line, not two).
final class ReplyOnce: @unchecked Sendable {
  private let lock = Lock()
  private var isSent = false
  private let respond: @Sendable (JSONValue) -> Void

  init(_ respond: @escaping @Sendable (JSONValue) -> Void) {
    self.respond = respond
  }

  /// Sends the reply `make` builds, unless a reply went out already (then `make` is not
  /// called).
  func send(_ make: () -> JSONValue) {
    let isFirst = lock.withLock {
      defer { isSent = true }
      return !isSent
    }
    if isFirst { respond(make()) }
  }
}
