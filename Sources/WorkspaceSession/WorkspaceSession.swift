import Foundation
import Observation
import PaneRouter
import Workspace
import WorkspaceControl
import WorkspaceJSON

/// What a host opens at launch: its workspace file restored, the one `Workspace` that owns
/// the state, every change saved automatically, and other writers' changes adopted as they
/// happen.
///
///     let session = WorkspaceSession(path: url.path, default: .example)
///     for diagnostic in session.restoration.diagnostics { log(diagnostic) }
///     let workspace = session.workspace          // bind views to it
///     try workspace.apply(.split(.horizontal))   // saved shortly after, off the main actor
///     try await session.flush()                  // going to the background: durable now
///
/// **Autosave.** Every change is saved after ``autosaveDelay``; the changes of that interval
/// share one write. Reading, merging, encoding, writing, `fsync` and rename run on a
/// background thread of its own, never on the main actor; a save that changes nothing writes
/// nothing.
///
/// **Other writers.** The session watches the file (inotify on Linux, a dispatch source on
/// Apple platforms, polling only where neither works). When another writer, such as `wsctl`,
/// saves, the session reads the file under the store's lock and adopts it, replaying its own
/// transactions that the file does not hold yet; one that no longer applies is dropped and
/// reported in the change's `WorkspaceChange.conflicts`. Its own saves go through the same
/// locked merge, so neither side's saved change is lost.
///
/// **Live control.** The session listens on its file's control socket: `wsctl` on the same
/// file sends its words to the session, which applies them here as one transaction, saves,
/// and replies with what `wsctl` prints; `wsctl watch` gets every change as it happens. A
/// second session on a file whose socket is live runs without one. See
/// ``controlSocketPath``. The socket is in `$WSCTL_SOCKET_DIR`, else in `wsctl` in the user's
/// runtime directory: `$XDG_RUNTIME_DIR` on Linux, the per-user temporary directory on Apple
/// platforms (a sandboxed Mac app's is `~/Library/Containers/<bundle id>/Data/tmp`). A host
/// turns it off with `isLiveControlEnabled: false`; it is off by default on an iOS, tvOS,
/// watchOS or visionOS device, where no shell can reach the app (on in the simulators).
///
/// **Layout size.** A host that records the area it draws the panes in with
/// `Workspace.recordLayoutSize(_:)` has it saved like any change (it is not a command, so it
/// records no undo entry). Adopting another writer's file keeps the host's own size, since it
/// is what the host draws and what its directional focus, splits and resizes must measure on;
/// the file keeps the other writer's size until this host's next change is saved (adopting
/// writes nothing, so two hosts drawing at different sizes never take turns rewriting it).
/// A host that never records a size takes the file's.
///
/// **Faults.** A deleted file, a corrupt one, a read-only one or a removed directory never
/// stop the host: the session keeps its state in memory, says so in ``status``, never writes
/// over a file it cannot read unless asked, and saves again once it can.
@MainActor
@Observable
public final class WorkspaceSession {
  /// The workspace: the single owner of the state, for views to bind to.
  public let workspace: Workspace

  /// The identifiers of the windows the restored workspace holds, in order, the active one
  /// among them: the host opens a scene for each (SwiftUI restores those whose scene storage
  /// it kept; `Workspace.window(_:)` gives each its view).
  public var windowIdentifiers: [String] { workspace.state.windows.map(\.identifier) }
  /// The file's store.
  public let store: WorkspaceStore
  /// What restoring the file found at launch.
  public let restoration: SessionRestoration
  /// Where the state stands against the file.
  public private(set) var status: SessionStatus {
    didSet { publishDraft() }
  }
  /// How many times the session wrote the file.
  public private(set) var writeCount = 0
  /// How long after a change the session saves it; changes within it share one write.
  @ObservationIgnored public var autosaveDelay: Duration
  /// Whether the session listens on its file's control socket for `wsctl`; see
  /// ``init(path:default:routeTypes:limits:autosaveDelay:isLiveControlEnabled:)``.
  public let isLiveControlEnabled: Bool

  /// Every stored token of the workspace that the host's route types cannot read, with its
  /// JSON path in the file: what the file held at launch, and what another writer's save, a
  /// restored backup or a replaced state brought in since (each such change also lists its
  /// own in `WorkspaceChange.unreadableRoutes`). Empty once the host calls
  /// `Workspace.repairUnreadableRoutes()`, which moves them to ``quarantinedRoutes``;
  /// commands never add one.
  ///
  /// - Complexity: O(*n* + *k*), for *n* nodes and *k* routes of registered kinds.
  public var unreadableRoutes: [Diagnostic] {
    let state = workspace.state
    return workspace.unreadableRoutes.map { Diagnostic($0, in: state) }
  }

  /// Every quarantined token of the workspace, with its JSON path in the file: what a repair
  /// took out of a stack because a route type could not read it, kept in the file and not
  /// shown (see `Workspace.repairUnreadableRoutes()`).
  ///
  /// - Complexity: O(*n* + *q*·*d*), for *n* nodes and *q* quarantined tokens at depth *d*.
  public var quarantinedRoutes: [Diagnostic] {
    Diagnostic.quarantinedRoutes(in: workspace.state)
  }

  /// The state the session last read from or wrote to the file.
  @ObservationIgnored private var base: WorkspaceState
  /// The file's stamp after the session's last read or write, to tell its own saves from
  /// another writer's.
  @ObservationIgnored private(set) var stamp: FileStamp?
  /// The file's stamp after the session's last write while `base` is the state it wrote; `nil`
  /// when `base` came from a read, an adoption or a restored backup.
  @ObservationIgnored private var writtenStamp: FileStamp?
  @ObservationIgnored private var pending: [PendingTransaction] = []
  @ObservationIgnored private var nextSequence = 0
  @ObservationIgnored private var needsSync = false
  /// Whether the host records its layout size, which adoption then keeps.
  @ObservationIgnored private(set) var recordsLayoutSize = false
  @ObservationIgnored private var syncTask: Task<Void, Never>?
  /// Where ``syncTask``'s save stands.
  @ObservationIgnored private var saveState = SaveState.idle
  /// Whether the watcher saw the file's directory change while a save was with the writer.
  @ObservationIgnored private var fileMayHaveChangedDuringSave = false
  /// The same, as the watcher's thread notes it while the save is with the writer, with no
  /// task for the main actor.
  nonisolated let ownSave = OwnSaveWindow()
  /// What waits for a change to be durable (``whenDurable(through:acknowledge:_:)``), in the order asked.
  @ObservationIgnored private var durabilityWaiters: [DurabilityWaiter] = []
  @ObservationIgnored private var retryTask: Task<Void, Never>?
  @ObservationIgnored private let writer: SessionWriter
  @ObservationIgnored private var watcher: FileWatcher?
  /// The control socket's listener and the `wsctl watch` clients.
  @ObservationIgnored var control = SessionControl()
  /// The workspace as the control listener answers inspections from it, off the main actor.
  nonisolated let publishedDraft = PublishedDraft()
  /// Time spent on the main actor by synchronisations, for measurements.
  @ObservationIgnored package private(set) var mainActorTime: Duration = .zero

  /// Opens a session on a file: restores it (or starts from `makeDefault()` when there is
  /// none), then saves and watches it.
  ///
  /// A file that cannot be read is never replaced: the session starts from the default with
  /// the status ``SessionStatus/corrupt(_:hasBackup:)`` and ``restoration`` names the error;
  /// offer ``restoreBackup()``.
  ///
  /// - Parameters:
  ///   - path: The workspace file.
  ///   - makeDefault: The workspace to start from when there is no file.
  ///   - routeTypes: The host's route types: stored tokens they cannot read are reported in
  ///     ``SessionRestoration/unreadableRoutes`` and commands that would store one are
  ///     refused (see `Workspace.routeTypes`).
  ///   - limits: Limits against hostile files.
  ///   - autosaveDelay: How long after a change to save it.
  ///   - isLiveControlEnabled: Whether the session listens on the file's control socket for
  ///     `wsctl` (see ``controlSocketPath``). By default it does wherever a shell can reach
  ///     the app: on macOS, Linux, Mac Catalyst and the simulators, not on an iOS, tvOS,
  ///     watchOS or visionOS device (``isLiveControlEnabledByDefault``).
  public convenience init(
    path: String, default makeDefault: @autoclosure () -> WorkspaceState,
    routeTypes: RouteRegistry = RouteRegistry(), limits: WorkspaceFileLimits = .default,
    autosaveDelay: Duration = .milliseconds(100),
    isLiveControlEnabled: Bool = WorkspaceSession.isLiveControlEnabledByDefault
  ) {
    self.init(
      store: WorkspaceStore(path: path, limits: limits), default: makeDefault(),
      routeTypes: routeTypes, autosaveDelay: autosaveDelay,
      isLiveControlEnabled: isLiveControlEnabled)
  }

  /// Opens a session on a store's file; see
  /// ``init(path:default:routeTypes:limits:autosaveDelay:isLiveControlEnabled:)``.
  public init(
    store: WorkspaceStore, default makeDefault: @autoclosure () -> WorkspaceState,
    routeTypes: RouteRegistry = RouteRegistry(), autosaveDelay: Duration = .milliseconds(100),
    isLiveControlEnabled: Bool = WorkspaceSession.isLiveControlEnabledByDefault
  ) {
    self.store = store
    self.autosaveDelay = autosaveDelay
    self.isLiveControlEnabled = isLiveControlEnabled
    writer = SessionWriter(store: store)
    let state: WorkspaceState
    do {
      let merged = try store.save(default: makeDefault()) { $0.state }
      state = merged.state
      stamp = merged.stamp
      restoration = SessionRestoration(
        diagnostics: merged.loaded.diagnostics,
        unreadableRoutes: state.unreadableRoutes(routeTypes).map { Diagnostic($0, in: state) },
        quarantinedRoutes: Diagnostic.quarantinedRoutes(in: state),
        migratedFromVersion: merged.loaded.migratedFromVersion,
        isDefault: merged.loaded.isDefault, error: nil, hasBackup: store.hasBackup)
      status = merged.loaded.isDefault ? .missing : .saved(revision: state.revision)
    } catch {
      state = makeDefault()
      let fileError =
        switch error {
        case .file(let error): error
        }
      let hasBackup = store.hasBackup
      restoration = SessionRestoration(
        diagnostics: [], unreadableRoutes: [], quarantinedRoutes: [], migratedFromVersion: nil,
        isDefault: true,
        error: fileError,
        hasBackup: hasBackup)
      status = fileError.isBadData ? .corrupt(fileError, hasBackup: hasBackup) : .failing(fileError)
    }
    base = state
    workspace = Workspace(state, routeTypes: routeTypes)
    workspace.ownerDidChange = { [weak self] change, before, after in
      self?.record(change, from: before, to: after)
    }
    workspace.ownerDidRecordLayoutSize = { [weak self] size, window, byHost in
      self?.recordLayoutSize(size, window: window, byHost: byHost)
    }
    workspace.ownerDidUpdateDraftBase = { [weak self] in self?.publishDraft() }
    // An edit the file could not hold is refused before it applies, so that the host never
    // keeps what it cannot save (a typed call, the palette, a template, a `wsctl` call alike).
    workspace.ownerRefusal = { [store] state, changes in
      do throws(WorkspaceFileError) {
        try store.checkLimits(state, after: changes)
        return nil
      } catch {
        return .unsavable(error.description)
      }
    }
    watcher = FileWatcher(path: store.targetPath) { [weak self, ownSave] in
      // During a save of this session's, noted for its outcome (see `OwnSaveWindow`).
      if ownSave.noteChange() { return }
      Task { @MainActor in self?.fileMayHaveChanged() }
    }
    if case .failing = status { scheduleRetry() }
    // The host's route types are published in the file it restored, where they differ; a
    // missing file gets them with its first save, an unreadable one once it is replaced.
    if case .saved = status, workspace.state.routeSchema != state.routeSchema {
      enqueue(.routeSchema(workspace.state.routeSchema))
    }
    publishDraft()
    if isLiveControlEnabled { startListening() }
  }

  // Nonisolated, as every deinit of a main-actor class before Swift 6.2: it reads only
  // Sendable stored properties, each of which may be stopped or cancelled from any thread.
  deinit {
    control.listener?.stop()
    for watcher in control.watchers { watcher.connection.close() }
    for session in control.sessions { session.close() }
    watcher?.stop()
    syncTask?.cancel()
    retryTask?.cancel()
  }

  /// Saves every change now and returns once the bytes are durable on disk; also adopts what
  /// another writer saved meanwhile. Call it when the scene goes to the background or the
  /// app exits.
  ///
  /// - Throws: The `WorkspaceFileError` that keeps the file from holding the session's
  ///   state (the status is then ``SessionStatus/corrupt(_:hasBackup:)`` or
  ///   ``SessionStatus/failing(_:)``); the state stays in memory.
  public func flush() async throws(WorkspaceFileError) {
    needsSync = true
    while true {
      if let syncTask {
        syncTask.cancel()  // skips the autosave delay; a running write completes
        await syncTask.value
        continue
      }
      guard needsSync else { break }
      await startSync(after: nil).value
      if status.isStuck { break }
    }
    switch status {
    case .corrupt(let error, _), .failing(let error), .unsavable(let error): throw error
    case .saved, .saving, .missing: break
    }
  }

  /// The sequence number of the last change this session made, or `nil` before its first:
  /// what ``whenDurable(through:acknowledge:_:)`` waits for after a commit.
  var lastSequence: Int? { nextSequence > 0 ? nextSequence - 1 : nil }

  /// Calls `resume` once the file holds every change up to the one numbered `sequence` (made
  /// durable by a save: written, `fsync`, renamed), with `nil`; or, if the save fails, with
  /// the error that keeps the file from holding it (``flush()``'s). The save starts at once,
  /// without the autosave delay; changes made while a save runs share the next one (group
  /// commit), and each waiter is resumed by the first save that holds its change, not the
  /// last of a burst.
  ///
  /// `acknowledge`, if given, runs on the writer's thread as soon as a save that holds the
  /// change has succeeded (file written, `fsync`, renamed, directory synced), before the main
  /// actor hears of it: a host's reply to `wsctl` leaves then, without waiting for a hop back
  /// to a main actor that may be busy drawing. `resume` still runs, with `nil`, afterwards;
  /// it must not answer twice (a connection's reply and a control session's answer are each
  /// sent once, whatever calls them again).
  func whenDurable(
    through sequence: Int, acknowledge: (@Sendable () -> Void)? = nil,
    _ resume: @escaping @MainActor (WorkspaceFileError?) -> Void
  ) {
    durabilityWaiters.append(
      DurabilityWaiter(sequence: sequence, acknowledge: acknowledge, resume: resume))
    needsSync = true
    if let syncTask {
      // A task waiting out the autosave delay (the change itself started it) would hand the
      // save over only once it woke, a turn of the main actor later, after whatever else the
      // change woke: the save is handed over now, and the task finishes it when it wakes.
      if case .waiting = saveState { saveState = .begunEarly(beginSave()) }
      syncTask.cancel()  // skips the autosave delay; a running write completes
    } else {
      startSync(after: nil)
    }
  }

  /// Resumes the waiters whose change the file now holds (all of them when nothing is left to
  /// save), or every waiter with the error of a save that failed.
  private func resumeWaiters(through sequence: Int, failure: WorkspaceFileError? = nil) {
    guard !durabilityWaiters.isEmpty else { return }
    let isSettled = failure != nil || pending.isEmpty
    let done = durabilityWaiters.filter { isSettled || $0.sequence <= sequence }
    guard !done.isEmpty else { return }
    durabilityWaiters.removeAll { isSettled || $0.sequence <= sequence }
    for waiter in done { waiter.resume(failure) }
  }

  /// Stops watching the file and saving, and stops listening on the control socket (every
  /// `wsctl watch` is told the host went away); call ``flush()`` first to keep the last
  /// changes.
  public func close() {
    stopListening()
    watcher?.stop()
    watcher = nil
    workspace.ownerDidChange = nil
    workspace.ownerDidRecordLayoutSize = nil
    workspace.ownerDidUpdateDraftBase = nil
    workspace.ownerRefusal = nil
    retryTask?.cancel()
  }

  /// Replaces the file with its backup (keeping the replaced file as `<file>.before-restore`)
  /// and adopts it, with the changes made since launch replayed on top.
  ///
  /// - Throws: `WorkspaceFileError.noBackup(_:)`, a decoding error for a bad backup, or a
  ///   write error; nothing changed then.
  public func restoreBackup() async throws(WorkspaceFileError) {
    let result = await writer.perform { [store] in
      Result { () throws(WorkspaceFileError) in try store.restoreBackup() }
    }
    let restored = try result.get()
    // The changes made since launch replay on top of the backup, which becomes the base.
    base = restored.state
    writtenStamp = nil
    let replayed = pending.replayed(on: restored.state)
    pending.removeAll { replayed.dropped.contains($0.sequence) }
    workspace.adopt(keepingLayoutSize(replayed.state), conflicts: replayed.conflicts)
    status = .saving
    try await flush()
  }

  /// Writes the session's state over a file it cannot read, after moving that file aside to
  /// `<file>.corrupt`; the backup stays as it is.
  ///
  /// - Throws: A write error; the status says what stands then.
  public func overwriteCorruptFile() async throws(WorkspaceFileError) {
    guard case .corrupt = status else { return try await flush() }
    let path = store.targetPath
    let moved = await writer.perform { rename(path, path + ".corrupt") == 0 }
    guard moved else { throw .cannotWrite(path + ".corrupt", reason: "cannot move the file aside") }
    base = workspace.state
    writtenStamp = nil
    pending.append(PendingTransaction(sequence: nextSequence, content: .replacement(base)))
    nextSequence += 1
    status = .saving
    try await flush()
  }

  // MARK: Changes

  /// Keeps a change made in this process for the next save, and tells every `wsctl watch`.
  ///
  /// - Parameters:
  ///   - change: The change.
  ///   - before: The state before it.
  ///   - after: The state it left (a later change may already have applied).
  private func record(
    _ change: WorkspaceChange, from before: WorkspaceState, to after: WorkspaceState
  ) {
    broadcastToWatchers(change, from: before, to: after)
    switch change.origin {
    case .local: enqueue(.commands(change.commands))
    case .replaced: enqueue(.replacement(after))
    case .adopted: return
    }
  }

  /// Keeps a recorded layout size for the next save; one the host recorded is kept from now
  /// on over another writer's, one another program measured in (`wsctl show`) is not.
  private func recordLayoutSize(_ size: Size?, window: String?, byHost: Bool) {
    if byHost { recordsLayoutSize = true }
    enqueue(.layoutSize(size, window: window))
  }

  /// The host's layout sizes on a state to adopt, if the host records them: the active
  /// window's, and each other window's by its identifier; see the type's discussion.
  private func keepingLayoutSize(_ state: WorkspaceState) -> WorkspaceState {
    guard recordsLayoutSize else { return state }
    var state = state
    if state.layoutSize != workspace.state.layoutSize {
      state.layoutSize = workspace.state.layoutSize
    }
    let own = workspace.state.windowList
    for (index, window) in own.entries.enumerated() where index != own.active {
      guard let there = state.windowList.index(of: window.identifier),
        there != state.windowList.active,
        state.windowList.entries[there].layoutSize != window.layoutSize
      else { continue }
      state.setLayoutSize(window.layoutSize, ofWindow: window.identifier)
    }
    return state
  }

  /// Appends a transaction to save and schedules the save.
  private func enqueue(_ content: PendingTransaction.Content) {
    pending.append(
      PendingTransaction(
        sequence: nextSequence, content: content,
        recordsNavigation: workspace.undoPolicy.recordsNavigation))
    nextSequence += 1
    switch status {
    case .saved, .missing, .unsavable: status = .saving
    case .saving, .corrupt, .failing: break
    }
    needsSync = true
    if syncTask == nil { startSync(after: autosaveDelay) }
  }

  /// Looks at the file after the watcher saw something happen in its directory.
  ///
  /// While a save is with the writer, the file is looked at once its outcome is in: the change
  /// seen is most often that save's own write, whose stamp the session learns then (looked at
  /// now, it would start a round of locking and reading for nothing); another writer's is
  /// adopted by that save if it came before the save's lock, or found then.
  private func fileMayHaveChanged() {
    guard watcher != nil else { return }
    guard !saveState.isWithWriter else {
      fileMayHaveChangedDuringSave = true
      return
    }
    guard FileStamp(path: store.path) != stamp else { return }
    needsSync = true
    if syncTask == nil { startSync(after: nil) }
  }

  private func scheduleRetry() {
    retryTask?.cancel()
    retryTask = Task { [weak self] in
      try? await Task.sleep(for: .seconds(1))
      guard !Task.isCancelled else { return }
      self?.retry()
    }
  }

  private func retry() {
    needsSync = true
    if syncTask == nil { startSync(after: nil) }
  }

  // MARK: Synchronising

  /// Starts synchronising: after `delay`, or, without one, with the save handed to the writer
  /// at once, in this turn of the main actor, ahead of whatever else the change woke (a
  /// terminal host's drawing of it), so that a reply waiting for the change to be durable
  /// does not wait for those too.
  @discardableResult
  private func startSync(after delay: Duration?) -> Task<Void, Never> {
    let begun = delay == nil && needsSync ? beginSave() : nil
    saveState = delay != nil ? .waiting : begun != nil ? .inFlight : .idle
    let task = Task { [weak self] in
      if let delay { try? await Task.sleep(for: delay) }
      await self?.synchronizeWhileNeeded(begun: begun)
    }
    syncTask = task
    return task
  }

  /// Synchronises until nothing is left to save, starting with `begun` if a save was handed
  /// to the writer already. Changes made during a save wait the autosave delay again, so a
  /// burst of commands costs a write per delay, not a write per save's time; ``flush()``
  /// cancels the task, which skips the waits.
  private func synchronizeWhileNeeded(begun: BegunSave?) async {
    var begun = begun
    while true {
      // A save a durability waiter began during the delay, else one begun now.
      if case .begunEarly(let early) = saveState { begun = early }
      guard let save = begun ?? (needsSync ? beginSave() : nil) else { break }
      begun = nil
      saveState = .inFlight
      await finish(save)
      if status.isStuck { break }
      if needsSync {
        saveState = .waiting
        try? await Task.sleep(for: autosaveDelay)
      }
    }
    saveState = .idle
    syncTask = nil
  }

  /// A save handed to the writer: what it holds, and its outcome to come.
  private struct BegunSave {
    let lastSent: Int
    let outcome: SessionWriter.PendingOutcome
  }

  /// Where the autosave task's save stands: one state, so that a save begun early is never
  /// with the writer unseen, nor waited for when none is.
  private enum SaveState {
    /// No save is with the writer, and the task (if any) does not wait out the delay.
    case idle
    /// The task waits out the autosave delay; no save is with the writer.
    case waiting
    /// A save handed to the writer while the task waited out the delay (a change waited for
    /// by ``whenDurable(through:acknowledge:_:)``), which the task finishes once it wakes.
    case begunEarly(BegunSave)
    /// A save the task handed to the writer and awaits.
    case inFlight

    /// Whether a save is with the writer: the watcher's news then waits for its outcome,
    /// since the file it saw change may be the one this save wrote.
    var isWithWriter: Bool {
      switch self {
      case .begunEarly, .inFlight: true
      case .idle, .waiting: false
      }
    }
  }

  /// Hands the state to the writer: the first half of one round of synchronising.
  private func beginSave() -> BegunSave {
    let clock = ContinuousClock()
    let started = clock.now
    defer { mainActorTime += clock.now - started }
    needsSync = false
    ownSave.open()
    let sent = pending
    let lastSent = sent.last?.sequence ?? -1
    let request = SessionWriter.Request(
      base: base, snapshot: workspace.state, pending: sent, written: writtenStamp)
    // Whose change this save holds, told by the writer the moment it has succeeded.
    let acknowledgements = durabilityWaiters.compactMap {
      $0.sequence <= lastSent ? $0.acknowledge : nil
    }
    return BegunSave(
      lastSent: lastSent, outcome: writer.begin(request, acknowledging: acknowledgements))
  }

  /// The second half of a round: takes in what the file holds now.
  private func finish(_ save: BegunSave) async {
    let outcome = await save.outcome.value()
    let clock = ContinuousClock()
    let lastSent = save.lastSent
    let finished = clock.now
    saveState = .idle
    if ownSave.close() { fileMayHaveChangedDuringSave = true }
    defer {
      // What the watcher saw during the save, judged against the stamp the save left.
      if fileMayHaveChangedDuringSave {
        fileMayHaveChangedDuringSave = false
        fileMayHaveChanged()
      }
      mainActorTime += clock.now - finished
    }
    switch outcome {
    case .synchronized(
      let state, let didWrite, let keptSnapshot, let isMissing, let conflicts, _, let stamp):
      retryTask?.cancel()
      self.stamp = stamp
      // The base is what this session wrote if it wrote now, or if it had written the file
      // and the file kept its stamp (nothing to write: the save took the written state).
      writtenStamp = didWrite || stamp == writtenStamp ? stamp : nil
      writer.release(base)
      base = state
      if didWrite { writeCount += 1 }
      pending.removeAll { $0.sequence <= lastSent }
      if keptSnapshot {
        workspace.setRevision(state.revision)
      } else {
        let replayed = pending.replayed(on: state)
        pending.removeAll { replayed.dropped.contains($0.sequence) }
        let adopted = keepingLayoutSize(replayed.state)
        if adopted == workspace.state && conflicts.isEmpty && replayed.conflicts.isEmpty {
          workspace.setRevision(state.revision)
        } else {
          workspace.adopt(adopted, conflicts: conflicts + replayed.conflicts)
        }
      }
      if !pending.isEmpty {
        status = .saving
        needsSync = true
      } else {
        status = isMissing ? .missing : .saved(revision: state.revision)
      }
      resumeWaiters(through: lastSent)
    case .failed(let error):
      defer { resumeWaiters(through: lastSent, failure: error) }
      if error.isBadData {
        status = .corrupt(error, hasBackup: store.hasBackup)
      } else if case .saveExceedsLimit = error {
        // Retrying the same state cannot help; the next change tries again.
        status = .unsavable(error)
      } else {
        status = .failing(error)
        scheduleRetry()
      }
    }
  }
}

/// A wait for a change to be durable: its sequence number, and what to call then (on the
/// writer's thread at once, and on the main actor).
private struct DurabilityWaiter {
  let sequence: Int
  let acknowledge: (@Sendable () -> Void)?
  let resume: @MainActor (WorkspaceFileError?) -> Void
}
