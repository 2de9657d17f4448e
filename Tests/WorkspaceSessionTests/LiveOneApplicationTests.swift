import Foundation
import PaneRouter
import Testing
import Workspace
import WorkspaceJSON
import WorkspaceSession
import WorkspaceTestSupport

/// The hosts below take ``MessageRoute``: `inbox`, `message:ID` with an Int id, undescribed,
/// so that only the host refuses `message:abc`.
extension MessageRoute {
  static let registry = RouteRegistry([MessageRoute.self])

  /// `T(Mail: H(%3 Inbox inbox, %4 Message message:1), Notes: %5 notes)`, with the template
  /// `msg` (a pane on `message:{id}`); ids `%1 T, %2 H, %3, %4, %5`.
  static func state() -> WorkspaceState {
    var state = WorkspaceState(
      .tabs([
        (
          "Mail",
          .split(
            .horizontal,
            [
              .pane("Inbox", root: MessageRoute.inbox),
              .pane("Message", root: MessageRoute.message(1)),
            ])
        ),
        ("Notes", .pane("Notes", untyped: RouteToken("notes"))),
      ]))
    let root = NodeTemplate.pane(
      "Msg {id}",
      router: RouterState(
        kind: kind, stack: RouteStack(root: RouteToken(name: "message", arguments: ["{id}"]))))
    state.templates = try! TemplateLibrary([
      WorkspaceTemplate(name: "msg", title: "Msg {id}", root: root)
    ])
    return state
  }
}

/// What a host reported while a test ran: its changes and one router's transitions.
@MainActor
final class HostEvents {
  var changes: [WorkspaceChange] = []
  var transitions: [String] = []

  init(_ workspace: Workspace, router node: NodeID? = nil) throws {
    workspace.onChange = { [weak self] in self?.changes.append($0) }
    if let node {
      let router = try workspace.router(MessageRoute.self, for: node)
      router.onChange = { [weak self] in self?.transitions.append("\($0.cause)") }
      self.router = router
    }
  }

  private var router: Router<MessageRoute>?
}

extension LiveControl {
  /// A live call is applied once, to the host's workspace, by the code file mode runs: a
  /// refusal changes nothing anywhere, and an edit the file could not hold is refused first.
  @MainActor
  @Suite(.serialized) struct LiveOneApplicationTests {
    private func mailHost(_ policy: UndoPolicy = .layoutAndNavigation) throws -> HostAndFile {
      try HostAndFile(MessageRoute.state(), routeTypes: MessageRoute.registry, undoPolicy: policy)
    }

    private func host(_ pair: HostAndFile, _ arguments: String...) async throws -> WsctlRun {
      try await wsctl(["-f", "w.json"] + arguments, in: pair.host.path)
    }

    /// Waits until a `wsctl watch` has subscribed: moves focus in the host until it prints.
    private func subscribed(_ watch: WatchProcess, _ session: WorkspaceSession) async throws {
      for _ in 0..<400 where watch.lines.isEmpty {
        try session.workspace.apply(.focus(.next))
        try await Task.sleep(for: .milliseconds(10))
      }
      try #require(!watch.lines.isEmpty)
    }

    @Test func aRefusedCallChangesNothingAnywhere() async throws {
      let pair = try mailHost()
      let session = pair.session
      let watch = try WatchProcess([], in: pair.host.path)
      try await subscribed(watch, session)
      try session.workspace.apply(.focus(.pane(.id(NodeID(3)))))
      try await session.flush()
      let events = try HostEvents(session.workspace, router: NodeID(3))
      let before = (session.workspace.state, session.writeCount, pair.host.bytes())
      for _ in 0..<3 {
        let run = try await host(pair, "push", "message:abc")
        #expect(run.exitCode == 64)
        #expect(
          run.errors
            == "wsctl: %3 cannot hold route 'message:abc': mail route 'message:abc' takes one"
            + " Int at word 1\n")
        #expect(run.output.isEmpty)
        #expect(session.status.isSaved)
      }
      #expect(events.changes.isEmpty)
      #expect(events.transitions.isEmpty)
      #expect(session.workspace.state == before.0)
      #expect(session.workspace.state.revision == before.0.revision)
      #expect(session.writeCount == before.1)
      #expect(pair.host.bytes() == before.2)
      // The watcher saw nothing of the refusals: its next line is the push that applied.
      let pushed = try await host(pair, "push", "message:2")
      #expect(pushed.exitCode == 0)
      #expect(await eventually(within: 10) { watch.lines.last == "push message:2" })
      #expect(!watch.lines.contains { $0.contains("replaced") || $0.contains("abc") })
      #expect(events.transitions == ["push message:2"])
      watch.process.interrupt()
      #expect(await watch.exitCode() == 0)
    }

    @Test func aCallRefusedHalfWayShowsNoneOfItsFirstHalf() async throws {
      let pair = try mailHost()
      let session = pair.session
      try await session.flush()
      let events = try HostEvents(session.workspace, router: NodeID(3))
      let before = session.workspace.state
      // Two transactions (an inspection between them); the host refuses the second.
      let run = try await host(pair, "push", "message:2", "tree", "push", "message:abc")
      #expect(run.exitCode == 64)
      #expect(run.output.isEmpty)
      #expect(run.errors.hasSuffix(" takes one Int at word 4\n"))
      #expect(events.changes.isEmpty)
      #expect(events.transitions.isEmpty)
      #expect(session.workspace.state == before)
      #expect(try pair.host.stored() == before)
    }

    @Test func aTemplateValueTheHostsRouteCannotHoldIsAUsageErrorNamingItsWord() async throws {
      let pair = try mailHost()
      let events = try HostEvents(pair.session.workspace)
      let run = try await host(pair, "focus", "2", "template", "apply", "msg", "id=abc")
      #expect(run.exitCode == 64)
      #expect(
        run.errors
          == "wsctl: invalid value 'abc' for 'id': mail route 'message:abc' takes one Int"
          + " at word 3\n")
      #expect(events.changes.isEmpty)
      let applied = try await host(pair, "template", "apply", "msg", "id=4")
      #expect(applied.exitCode == 0)
      #expect(events.changes.count == 1)
      let focused = pair.session.workspace.state.focusedPane
      #expect(
        try pair.session.workspace.state.router(MessageRoute.self, for: focused).current
          == .message(4))
    }

    @Test func aLayoutOnlyHostListsTheHistoryItKeeps() async throws {
      let pair = try mailHost(.layoutOnly)
      let run = try await host(pair, "push", "message:2", "history")
      #expect(run.exitCode == 0)
      #expect(run.output == "no history\n")
      #expect(pair.session.workspace.state.history.undoEntries.isEmpty)
      let rename = try await host(pair, "rename", "Here", "history")
      #expect(rename.output.contains("rename Here"))
    }

    @Test func aShowKeepsTheFilesSizeForAHostThatRecordsNone() async throws {
      let pair = try mailHost()
      let shown = try await host(pair, "show", "--size", "40x10")
      #expect(shown.exitCode == 0)
      let drawn = try #require(pair.session.workspace.state.layoutSize)
      try await pair.session.flush()
      #expect(try pair.host.stored().layoutSize == drawn)
      // Another writer records another size: the host, which records none, takes it.
      let other = try await wsctl(
        ["-f", "w.json", "--no-host", "show", "--size", "70x20", "rename", "X"],
        in: pair.host.path)
      #expect(other.exitCode == 0)
      let written = try #require(try pair.host.stored().layoutSize)
      #expect(written != drawn)
      #expect(await eventually(within: 10) { pair.session.workspace.state.layoutSize == written })
    }

    @Test func weightsFarApartOpenAlikeInBothModesAndSaveAFileThatReads() async throws {
      let pair = try HostAndFile()
      let templates =
        #"{"format": "workspace-templates", "version": 1, "templates": [{"name": "w", "root": "#
        + #"{"kind": "split", "axis": "vertical", "weights": [1e-300, 1e300], "children": ["#
        + #"{"kind": "pane", "title": "a", "router": {"root": "a"}}, "#
        + #"{"kind": "pane", "title": "b", "router": {"root": "b"}}]}}]}"#
      for directory in [pair.host.path, pair.file.path] {
        try Data(templates.utf8).write(to: URL(fileURLWithPath: directory + "/weights.json"))
      }
      let (hosted, filed) = try await pair.both([
        "--from", "weights.json", "template", "apply", "w",
      ])
      #expect(hosted == filed)
      #expect(hosted.exitCode == 0)
      var inMemory = pair.session.workspace.state
      var saved = try pair.file.stored()
      inMemory.revision = 0
      saved.revision = 0
      #expect(inMemory == saved)
      try await pair.session.flush()
      for directory in [pair.host, pair.file] {
        let loaded = try WorkspaceStore(path: directory.file).load(default: .example)
        #expect(loaded.diagnostics.isEmpty)
      }
    }

    /// The longest the main actor went without running a tick, while ticking every 2 ms.
    @MainActor final class MainActorGaps {
      private(set) var longest: Duration = .zero
      private var task: Task<Void, Never>?

      func start() {
        task = Task { @MainActor [weak self] in
          var last = ContinuousClock.now
          while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(2))
            let now = ContinuousClock.now
            if let self { self.longest = max(self.longest, now - last) }
            last = now
          }
        }
      }

      func stop() async {
        task?.cancel()
        await task?.value
      }
    }

    /// A call that only inspects is drawn on a snapshot off the main actor: the host goes on
    /// running while a huge picture is drawn.
    @Test func aHugeDrawingDoesNotHoldTheHostsMainActor() async throws {
      let pair = try HostAndFile()
      let gaps = MainActorGaps()
      gaps.start()
      let started = ContinuousClock.now
      let run = try await wsctl(
        ["-f", "w.json", "show", "--size", "1000x1000"], in: pair.host.path)
      let took = ContinuousClock.now - started
      await gaps.stop()
      #expect(run.exitCode == 0)
      #expect(run.output.utf8.count > 1_000_000)
      // Drawing is most of the call; were it on the main actor, the longest gap would be it.
      #expect(gaps.longest < took / 4, "longest gap \(gaps.longest) of \(took)")
    }

    // MARK: edits the file could not hold

    @Test(arguments: [
      ["rename", String(repeating: "x", count: 70_000)],
      [
        "rename", "{p}", "template", "save", "t", "template", "apply", "t",
        "p=" + String(repeating: "y", count: 70_000),
      ],
    ])
    func anEditTheFileCouldNotHoldIsRefusedFirstAndTheHostGoesOn(arguments: [String])
      async throws
    {
      let pair = try HostAndFile()
      let session = pair.session
      try await session.flush()
      let events = try HostEvents(session.workspace)
      let before = session.workspace.state
      let (hosted, filed) = try await pair.both(arguments)
      #expect(hosted == filed)
      #expect(hosted.exitCode == 1)
      #expect(
        hosted.errors.contains("would exceed the file's limit of 65536; not saved, nothing changed")
      )
      #expect(session.workspace.state == before)
      #expect(events.changes.isEmpty)
      #expect(session.status.isSaved)
      // The host still answers, and saves what it applies.
      let next = try await wsctl(["-f", "w.json", "rename", "ok"], in: pair.host.path)
      #expect(next.exitCode == 0)
      #expect(session.workspace.state.node(session.workspace.focusedPane)?.title == "ok")
      #expect(try pair.host.stored().node(session.workspace.focusedPane)?.title == "ok")
    }

    /// Exit 73 from a host means what it means in file mode: nothing applied, so the call
    /// can be run again once the file can be written.
    @Test func aFileTheHostCannotWriteRefusesTheCallBeforeItApplies() async throws {
      let pair = try HostAndFile()
      let session = pair.session
      try await session.flush()
      for directory in [pair.host, pair.file] {
        #expect(mkfifo(directory.path + "/w.json.bak", 0o600) == 0)
      }
      let events = try HostEvents(session.workspace)
      let before = session.workspace.state
      let (hosted, filed) = try await pair.both(["rename", "x"])
      #expect(hosted == filed)
      #expect(hosted.exitCode == 73)
      #expect(
        hosted.errors
          == "wsctl: cannot write 'w.json.bak': it is a FIFO, not a regular file; nothing was written\n"
      )
      #expect(events.changes.isEmpty)
      #expect(session.workspace.state == before)
      #expect(session.status.isSaved)
      // Retried once the file can be written, the call applies once.
      try FileManager.default.removeItem(atPath: pair.host.path + "/w.json.bak")
      let retried = try await wsctl(["-f", "w.json", "rename", "x"], in: pair.host.path)
      #expect(retried.exitCode == 0)
      #expect(events.changes.count == 1)
      #expect(session.workspace.state.history.undoEntries.map(\.label) == ["rename x"])
    }

    @Test func theHostsOwnEditsTheFileCouldNotHoldAreRefused() async throws {
      let pair = try HostAndFile()
      let workspace = pair.session.workspace
      let before = workspace.state
      let title = String(repeating: "\u{01}", count: 11_000)
      do {
        try workspace.apply(.rename(title))
        Issue.record("applied")
      } catch {
        guard case .unsavable(let message) = error else {
          Issue.record("\(error)")
          return
        }
        #expect(
          message.hasSuffix(
            "escaped string length 66000 would exceed the file's limit of 65536; not saved, nothing changed"
          ))
        #expect(error.exitCode == .refused)
      }
      #expect(workspace.state == before)
      let router = try workspace.router(RouteToken.self, for: workspace.focusedPane)
      #expect(router.push(RouteToken(name: "t", arguments: [String(repeating: "a", count: 1_000)])))
      let template = try WorkspaceTemplate(
        name: "big", title: "{v}", root: .pane("{v}", untyped: RouteToken("x")))
      #expect(throws: WorkspaceError.self) {
        try workspace.applyTemplate(
          template, parameters: ["v": String(repeating: "\u{02}", count: 11_000)])
      }
      try await pair.session.flush()
      #expect(pair.session.status.isSaved)
    }

    @Test func aStateTheFileCannotHoldIsNotRetriedAndAStateThatFitsSaves() async throws {
      let pair = try HostAndFile()
      let session = pair.session
      try await session.flush()
      let fitting = session.workspace.state
      // A state is not checked against a file's limits; only a session's workspace is.
      var tooLong = fitting
      try tooLong.apply(.rename(String(repeating: "\u{01}", count: 11_000)))
      session.workspace.replaceState(tooLong)
      await #expect(throws: WorkspaceFileError.self) { try await session.flush() }
      guard case .unsavable = session.status else {
        Issue.record("status \(session.status)")
        return
      }
      #expect(
        session.status.description.hasSuffix(
          "kept in memory, saved at the next change that fits"))
      let writes = session.writeCount
      try await Task.sleep(for: .milliseconds(1_500))
      #expect(session.writeCount == writes)
      // The host still answers wsctl (the file alone would take the rename): the title is in
      // the undo history's before-image of any edit, so an edit is refused with the limit.
      let rename = try await wsctl(["-f", "w.json", "rename", "short"], in: pair.host.path)
      #expect(rename.exitCode == 1)
      #expect(rename.errors.contains("would exceed the file's limit"))
      session.workspace.replaceState(fitting)
      try await session.flush()
      #expect(session.status.isSaved)
      #expect(try pair.host.stored() == fitting)
    }
  }
}
