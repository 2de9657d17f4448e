import Dispatch
import Workspace
import WorkspaceJSON
import WorkspaceSystem

/// The disk side of a session, on a thread of its own (see ``SerialThread``; a serial
/// `dispatch` queue should the system refuse a thread): reading the file under the lock,
/// merging, encoding, writing, fsync and rename never run on the main actor.
final class SessionWriter: Sendable {
  /// What the main actor hands over for one synchronisation: values only.
  struct Request: Sendable {
    /// The state the session last read from or wrote to the file.
    let base: WorkspaceState
    /// The session's state now.
    let snapshot: WorkspaceState
    /// The session's transactions the file may not hold yet.
    let pending: [PendingTransaction]
    /// The stamp the file had when the session last wrote it, if `base` is what it wrote:
    /// while the file keeps that stamp, the save does not read it again.
    let written: FileStamp?
  }

  /// What one synchronisation found.
  enum Outcome: Sendable {
    /// The file now holds `state`.
    ///
    /// `keptSnapshot` says the file was still the base, so the snapshot was written as it
    /// is (if the session had anything to save); otherwise `state` is another writer's with
    /// the pending transactions replayed, and `conflicts` lists those that no longer applied
    /// (`dropped` their sequence numbers).
    case synchronized(
      state: WorkspaceState, didWrite: Bool, keptSnapshot: Bool, isMissing: Bool,
      conflicts: [WorkspaceConflict], dropped: Set<Int>, stamp: FileStamp?)
    /// The file could not be read or written; nothing changed on disk.
    case failed(WorkspaceFileError)
  }

  let store: WorkspaceStore
  private let thread: SerialThread?
  private let queue: DispatchQueue?

  init(store: WorkspaceStore) {
    self.store = store
    thread = SerialThread()
    queue =
      thread == nil
      ? DispatchQueue(label: "WorkspaceSession.writer \(store.path)", qos: .utility) : nil
  }

  /// Runs `work` on the writer's thread (or queue), after what was handed over before.
  private func async(_ work: @escaping @Sendable () -> Void) {
    if let thread { thread.run(work) } else { queue?.async(execute: work) }
  }

  /// Runs `work` on the writer's thread and returns its result.
  ///
  /// On the caller's actor up to the thread and back (`isolation`): a nonisolated `async`
  /// function would hop from the main actor to the global executor before the thread, and
  /// back through it after, two thread wake-ups a save that each cost a scheduler slice on a
  /// busy machine.
  func perform<Result: Sendable>(
    isolation: isolated (any Actor)? = #isolation, _ work: @escaping @Sendable () -> Result
  ) async -> Result {
    await withCheckedContinuation(isolation: isolation) { continuation in
      async { continuation.resume(returning: work()) }
    }
  }

  /// Merges the session's state with the file under the lock and writes the result if it
  /// differs from the file: handed to the writer's thread now, its outcome awaited later.
  ///
  /// The request is consumed, so the states it holds are released there, off the main actor.
  /// Once the file holds the request's changes, each of `acknowledgements` runs on the
  /// writer's thread, at once: before the store frees the replaced backup, reads the new
  /// stamp and lets go of the lock, and before the outcome is handed back.
  func begin(
    _ request: consuming Request, acknowledging acknowledgements: [@Sendable () -> Void] = []
  ) -> PendingOutcome {
    let request = request
    let pending = PendingOutcome()
    async { [store] in
      let outcome = Self.synchronize(request, store: store) {
        for acknowledge in acknowledgements { acknowledge() }
      }
      pending.fulfil(outcome)
    }
    return pending
  }

  /// The outcome of a save handed to the writer, to be awaited once.
  final class PendingOutcome: @unchecked Sendable {
    private let lock = Lock()
    private var outcome: Outcome?
    private var waiter: CheckedContinuation<Outcome, Never>?

    fileprivate func fulfil(_ outcome: Outcome) {
      var waiting: CheckedContinuation<Outcome, Never>?
      lock.withLock {
        waiting = waiter
        waiter = nil
        if waiting == nil { self.outcome = outcome }
      }
      waiting?.resume(returning: outcome)
    }

    /// The outcome, once the writer has it; resumes on the caller's actor.
    func value(isolation: isolated (any Actor)? = #isolation) async -> Outcome {
      await withCheckedContinuation(isolation: isolation) { continuation in
        var ready: Outcome?
        lock.withLock {
          ready = outcome
          if ready == nil { waiter = continuation }
        }
        if let ready { continuation.resume(returning: ready) }
      }
    }
  }

  /// Lets go of a state on the writer's thread: freeing a large tree takes time the main actor
  /// should not spend.
  func release(_ state: consuming WorkspaceState) {
    let state = state
    async { withExtendedLifetime(state) {} }
  }

  private static func synchronize(
    _ request: Request, store: WorkspaceStore, whenHeld: () -> Void
  ) -> Outcome {
    var keptSnapshot = false
    var conflicts: [WorkspaceConflict] = []
    var dropped: Set<Int> = []
    do {
      let merged = try store.save(
        default: request.base, writingWhenMissing: !request.pending.isEmpty,
        written: request.written.map { ($0, request.base) }, whenHeld: whenHeld
      ) { loaded in
        if loaded.state == request.base {
          keptSnapshot = true
          // With nothing to save, the snapshot differs from the base at most in the host's
          // own layout size kept over an adopted file's, which waits for the host's next change.
          return request.pending.isEmpty ? loaded.state : request.snapshot
        }
        let replayed = request.pending.replayed(on: loaded.state)
        conflicts = replayed.conflicts
        dropped = replayed.dropped
        return replayed.state
      }
      return .synchronized(
        state: merged.state, didWrite: merged.didWrite, keptSnapshot: keptSnapshot,
        isMissing: merged.loaded.isDefault && !merged.didWrite, conflicts: conflicts,
        dropped: dropped, stamp: merged.stamp)
    } catch {
      switch error {
      case .file(let error): return .failed(error)
      }
    }
  }
}
