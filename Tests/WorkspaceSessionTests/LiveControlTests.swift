import Foundation
import Testing
import WorkspaceJSON
import WorkspaceSession

@testable import Workspace
@testable import WorkspaceControl
@testable import WorkspaceSystem

extension LiveControl {
  @MainActor
  @Suite(.serialized) struct LiveControlTests {
    /// One call per word of the grammar and of the tool's commands a host answers, with
    /// refusals and usage errors among them.
    nonisolated static let calls: [[String]] = [
      ["focus", "2"], ["focus", "right"], ["focus", "next"], ["focus", "last"], ["focus", "9"],
      ["split", "h", "0.3", "detail:7"], ["split", "v"], ["close", "2"], ["close"],
      ["tab", "new", "Notes", "notes"], ["tab", "2"], ["tab", "close", "2"], ["tab", "move", "2"],
      ["tab", "rename", "Main"], ["swap", "right"], ["move", "right"], ["resize", "right", "10%"],
      ["equalize"], ["arrange", "tiled"], ["arrange", "next", "arrange", "prev"],
      ["arrange", "even-vertical", "%1"], ["break"], ["break", "-d"], ["break", "%3", "-d"],
      ["join", "1"], ["join", "%5", "h", "30%", "-d"], ["zoom"], ["rename", "Left"],
      ["push", "detail:7", "detail:8"],
      ["push", "inbox"], ["pop"], ["pop", "2"], ["pop-to", "inbox"], ["root"],
      ["replace", "a", "b"], ["replace-top", "c"], ["present", "sheet", "compose"], ["dismiss"],
      ["dismiss-all"], ["present", "sheet", "compose", "finish", "attachment:3"],
      ["--json", "present", "cover", "picker", "finish", "a"], ["finish", "a"],
      ["pop-to-last", "inbox"], ["set-path", "x", "y"],
      ["present", "sheet", "compose", "set-modal-path", "draft"], ["set-modal-path", "draft"],
      ["at", "%1", "push", "detail:9"], ["at", "%99", "pop"], ["minimum-size", "10x4"],
      ["minimum-size", "default"], ["--size", "40x12", "focus", "right"],
      ["--size", "20x5", "split", "h"], ["show", "split", "h", "focus", "left"],
      ["--size", "100x30", "resize", "right", "5"], ["undo"], ["redo"],
      ["focus", "2", "push", "detail:7", "undo", "redo"],
      ["open", "myapp://workspace/focus/2/push/detail:7"], ["show"], ["show", "--size", "40x10"],
      ["tree"], ["routes"], ["routes", "2"], ["layout", "80x24"], ["history"],
      ["--json", "focus", "2", "push", "x"], ["--json", "show"], ["--json", "tree"],
      ["--dry-run", "split", "h"], ["-n", "--json", "close", "1"],
      ["push", "a", "tree", "push", "a"], ["focus", "2", "show", "--size", "30x8", "split", "v"],
      ["frobnicate"], ["push", "bad token!"], ["focus"], ["focus", "wrap", "left"],
      ["close", "2", "closed", "reopen"], ["reopen"], ["reopen", "2"], ["closed"],
      ["--json", "closed"], ["tab", "close", "2", "tab", "close", "1", "reopen", "2"],
      ["rename", "{p} inbox", "template", "save", "t", "template", "apply", "t", "p=x"],
      ["template", "save", "t", "--node", "%3", "template", "save", "t", "--force"],
      ["template", "save", "t", "template", "rm", "t", "template", "list"],
      ["template", "save", "t", "template", "show", "t", "--json", "template", "list"],
      ["template", "save", "t", "template", "save", "t"], ["template", "apply", "nope"],
      ["rename", "{p}", "template", "save", "t", "template", "apply", "t"],
      ["template", "show", "t"], ["rename", "{", "template", "save", "t"],
      ["--from", "team.json", "template", "list"],
      ["--from", "team.json", "template", "show", "r"],
      ["--from", "team.json", "template", "apply", "r", "repo=ws"],
      ["--from=team.json", "template", "apply", "nope"],
      ["--from", "team.json", "template", "save", "x"],
      ["--from", "none.json", "template", "list"],
      ["-n", "template", "save", "t"],
      ["template", "export", "x.json"], ["template", "export", "-"],
      ["template", "export", "x.json", "nope"], ["template", "export", "team.json"],
      ["--json", "template", "export", "--force", "team.json"],
      ["--from", "team.json", "template", "export", "x.json", "r"],
      ["--from", "team.json", "template", "export", "-"], ["-n", "template", "export", "x.json"],
      ["template", "export", "w.json/x.json"],
      ["load-layout", "dev.json", "p=x"], ["load-layout", "dev.json", "--reconcile", "p=x"],
      ["--json", "load-layout", "dev.json", "--keep", "p=x", "tree"],
      ["load-layout", "dev.json"], ["load-layout", "none.json", "p=x"],
      ["push", "a", "load-layout", "dev.json", "--reconcile", "p=x", "routes", "%2", "undo"],
      ["-n", "load-layout", "dev.json", "--reconcile", "p=x"],
      ["load-layout", "--keep", "dev.json", "p=z", "show"], ["load-layout"],
      ["save-layout", "-"], ["save-layout", "--tab", "-"], ["save-layout", "l.json"],
      ["--json", "save-layout", "--name", "n", "l.json"], ["save-layout", "dev.json"],
      ["--from", "dev.json", "template", "apply", "dev", "--reconcile", "p=y"],
      ["template", "save", "t", "template", "apply", "t", "--reconcile"],
      ["--from", "dev.json", "init", "p=x"],
      ["mark", "editor", "focus", "2", "at", "editor", "push", "detail:9", "tree"],
      ["mark", "e", "unmark", "tree"], ["unmark", "nope"], ["mark", "left"],
      ["at", "2", "split", "v", "0.3", "show"], ["at", "last", "zoom"],
      ["split", "-d", "h", "tab", "new", "-d", "Logs", "tree"], ["at", "1", "undo"],
      ["window", "new", "W", "window", "rename", "X", "window", "1", "-w", "all", "tree"],
      ["window", "new", "window", "close", "tree"], ["window", "close"], ["window", "3"],
      ["window", "new", "window", "1", "window", "move-pane", "2", "-w", "all", "tree"],
      ["window", "new", "window", "last", "window", "move-tab", "2", "tree"],
      ["window", "new", "window", "at", "1", "split", "v", "-w", "1", "show"],
      ["window", "new", "window", "next", "window", "prev", "--json", "-w", "all", "tree"],
      ["stack", "show"], ["focus", "2", "stack", "left", "tree"], ["stack", "up"],
      ["split", "v", "stack", "focus", "1", "unstack", "tree"], ["tab", "2", "stack"],
      ["float", "float", "move", "left", "3", "float", "resize", "down", "2", "show"],
      ["float", "float", "pin", "float", "hide", "float", "unhide", "float", "unpin", "tree"],
      ["float", "focus", "tiled", "focus", "float", "embed", "tree"], ["embed"],
      ["float", "split", "h"], ["float", "float", "float"],
    ]

    @Test func everyGrammarCommandIsCalled() {
      let called = Set(Self.calls.flatMap { $0 })
      for command in CommandGrammar.commands {
        #expect(called.contains(command.word), "no call of '\(command.word)'")
        for subcommand in command.subcommands {
          let isCalled = Self.calls.contains { call in
            zip(call, call.dropFirst()).contains { $0 == command.word && $1 == subcommand.word }
          }
          #expect(isCalled, "no call of '\(command.word) \(subcommand.word)'")
        }
      }
    }

    @Test(arguments: calls)
    func hostAndFileModePrintTheSameAndExitAlike(arguments: [String]) async throws {
      let pair = try HostAndFile()
      #expect(pair.session.controlSocketPath != nil)
      try await pair.expectBothModesAgree(arguments)
    }

    @Test func aBadEnvironmentIsRefusedAsInFileMode() async throws {
      let pair = try HostAndFile()
      let (hosted, filed) = try await pair.both(
        ["focus", "2"], environment: ["WSCTL_LOCK_TIMEOUT": "soon"])
      #expect(hosted == filed)
      #expect(hosted.exitCode == 64)
      #expect(pair.session.workspace.state == WorkspaceState.example)
    }

    @Test func aHostThatCannotWriteItsFileLeavesTheCallToFileMode() async throws {
      let pair = try HostAndFile()
      pair.session.autosaveDelay = .seconds(3600)
      // The session cannot save: its file's directory is gone.
      try FileManager.default.removeItem(atPath: pair.host.path + "/w.json")
      try FileManager.default.removeItem(atPath: pair.host.path)
      try pair.session.workspace.apply(.rename("kept"))
      await #expect(throws: WorkspaceFileError.self) { try await pair.session.flush() }
      let before = pair.session.workspace.state
      let run = try await wsctl(["-f", pair.host.file, "focus", "2"], in: "/")
      // File mode's answer: the file cannot be written, and the host did not apply it.
      #expect(run.exitCode == 73, "\(run)")
      #expect(pair.session.workspace.state == before)
    }

    @Test func aDoneCommandIsOnDiskWhenWsctlReturns() async throws {
      let pair = try HostAndFile()
      pair.session.autosaveDelay = .seconds(3600)
      let run = try await wsctl(
        ["-f", "w.json", "focus", "2", "push", "detail:7"], in: pair.host.path)
      #expect(run.exitCode == 0)
      let stored = try pair.host.stored()
      #expect(stored.node(stored.focusedPane)?.router?.stack.visibleRoute.description == "detail:7")
    }

    @Test func inspectionsShowTheHostsStateInMemory() async throws {
      let pair = try HostAndFile()
      pair.session.autosaveDelay = .seconds(3600)
      try pair.session.workspace.apply(.rename("Unsaved"))
      let run = try await wsctl(["-f", "w.json", "tree"], in: pair.host.path)
      #expect(run.output.contains("Unsaved"))
      let file = try await wsctl(["-f", "w.json", "--no-host", "tree"], in: pair.host.path)
      #expect(!file.output.contains("Unsaved"))
    }

    @Test func anExportIsOfTheHostsTemplatesWrittenWhereWsctlRuns() async throws {
      let pair = try HostAndFile()
      pair.session.autosaveDelay = .seconds(3600)
      try pair.session.workspace.apply(.saveTemplate("unsaved"))
      let elsewhere = SessionDirectory()
      let run = try await wsctl(
        ["-f", pair.host.file, "template", "export", "t.json"], in: elsewhere.path)
      #expect(run.exitCode == 0, "\(run)")
      let library = try TemplatesFile.load(path: elsewhere.path + "/t.json")
      #expect(library.names == ["unsaved"])
      #expect(!FileManager.default.fileExists(atPath: pair.host.path + "/t.json"))
      // The host's file does not hold it yet: the export read the host's state.
      #expect(try pair.host.stored().templates.isEmpty)
    }

    @Test func statusSaysWhetherAHostIsLive() async throws {
      let pair = try HostAndFile()
      let live = try await wsctl(["-f", "w.json", "status", "--json"], in: pair.host.path)
      let object = try JSONSerialization.jsonObject(with: Data(live.output.utf8)) as? [String: Any]
      #expect(object?["live"] as? Bool == true)
      #expect(object?["pid"] as? Int == Int(ProcessInfo.processInfo.processIdentifier))
      let text = try await wsctl(["-f", "w.json", "status"], in: pair.host.path)
      #expect(text.output.hasPrefix("host live for w.json (pid "))
      let socket = try #require(pair.session.controlSocketPath)
      #expect(object?["socket"] as? String == socket)
      pair.session.close()
      let gone = try await wsctl(["-f", "w.json", "status"], in: pair.host.path)
      // Then where it looked: the socket's path, and where its directory comes from.
      #expect(
        gone.output.hasPrefix("no host for w.json: wsctl edits the file\nsocket '\(socket)' ("))
      #expect(gone.exitCode == 0)
    }

    @Test func aSecondSessionOnTheFileRunsWithoutASocket() throws {
      let pair = try HostAndFile()
      let second = WorkspaceSession(path: pair.host.file, default: .example)
      #expect(pair.session.controlSocketPath != nil)
      #expect(second.controlSocketPath == nil)
    }

    @Test func aStaleSocketIsRemovedAndTheFileEdited() async throws {
      let pair = try HostAndFile()
      let socket = try #require(pair.session.controlSocketPath)
      pair.session.close()
      // A socket file nobody listens on, as a host killed with -9 leaves it.
      let descriptor = WorkspaceSystem.socket(AF_UNIX, Platform.streamSocketType, 0)
      var address = sockaddr_un()
      address.sun_family = sa_family_t(AF_UNIX)
      withUnsafeMutableBytes(of: &address.sun_path) { buffer in
        for (index, byte) in socket.utf8.enumerated() { buffer[index] = byte }
      }
      _ = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
      }
      close(descriptor)
      #expect(FileManager.default.fileExists(atPath: socket))
      let run = try await wsctl(["-f", "w.json", "focus", "2"], in: pair.host.path)
      #expect(run.exitCode == 0)
      #expect(!FileManager.default.fileExists(atPath: socket))
      #expect(try pair.host.stored().focusedPane != WorkspaceState.example.focusedPane)
    }
  }
}

extension LiveControl {
  /// A host that refuses every request, as one speaking another protocol version does.
  @Suite(.serialized) struct RefusingHostTests {
    @Test func aRefusedCallRunsOnTheFile() async throws {
      let directory = SessionDirectory()
      try WorkspaceStore(path: directory.file).save(.example)
      let socket = try ControlSocket(forFile: directory.file, creatingDirectory: true)
      let (listening, lock) = try socket.claim()
      defer { socket.release(socket: listening, lock: lock) }
      let refusal = ControlProtocol.frame(
        ControlListener.error(.unsupportedVersion(ControlProtocol.version)))
      let server = Thread {
        var entry = pollfd(fd: listening, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, 10_000) > 0 else { return }
        let client = accept(listening, nil, nil)
        refusal.withUnsafeBytes { _ = send(client, $0.baseAddress, $0.count, Platform.sendFlags) }
        close(client)
      }
      server.start()
      let run = try await wsctl(["-f", "w.json", "focus", "2"], in: directory.path)
      #expect(run.exitCode == 0, "\(run)")
      #expect(try directory.stored().focusedPane != WorkspaceState.example.focusedPane)
    }
  }
}
