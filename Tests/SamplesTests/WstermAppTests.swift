import Foundation
import PaneRouter
import Testing
import Workspace
import WorkspaceJSON

import struct WorkspaceTestSupport.ProcessResult
import struct WorkspaceTestSupport.ProcessRunner
import class WorkspaceTestSupport.TemporaryDirectory

@testable import wsterm

/// wsterm's key handling without a terminal: keys in, state and file out.
@MainActor
@Suite struct WstermAppTests {
  private func type(_ text: String, into app: inout App) {
    for character in text {
      app.handle(.character(character))
    }
  }

  @Test func prefixKeysApplyCommandsAndSaveEachOne() async throws {
    let directory = TemporaryDirectory()
    let store = WorkspaceStore(path: directory.file("w.json"))
    var app = try App(store: store)
    #expect(app.state.paneIDs.count == 1)
    app.handle(.control("b"))
    #expect(app.mode == .prefix)
    app.handle(.character("%"))
    #expect(app.mode == .normal)
    #expect(app.state.numberedPanes.count == 2)
    #expect(app.state.number(of: app.state.focusedPane) == 2)
    try await app.session.flush()
    #expect(try store.load(default: App.initialState).state == app.state)

    app.handle(.control("b"))
    app.handle(.left)
    #expect(app.state.number(of: app.state.focusedPane) == 1)
    try await app.session.flush()
    #expect(try store.load(default: App.initialState).state.focusedPane == app.state.focusedPane)
  }

  /// wsterm on a 100x30 screen on a new file in `directory`, after `C-b %`, saved.
  private func splitOn100x30(in directory: TemporaryDirectory) async throws -> App {
    var app = try App(store: WorkspaceStore(path: directory.file("w.json")))
    app.size = Size(width: 100, height: 30)
    app.handle(.control("b"))
    app.handle(.character("%"))
    try await app.session.flush()
    return app
  }

  /// wsterm records the area its panes get with each command, through its session: saved
  /// with the command, and kept over another writer's size when the session adopts the file.
  @Test func thePaneAreaIsRecordedAndKeptOverAnotherWritersSize() async throws {
    let directory = TemporaryDirectory()
    let app = try await splitOn100x30(in: directory)
    let store = app.store
    let area = Size(width: 100, height: 28)
    #expect(app.state.layoutSize == area)
    #expect(try store.load(default: App.initialState).state.layoutSize == area)
    #expect(app.state.history.undoEntries.count == 1)
    try store.update(default: App.initialState) { state in
      try state.recordLayoutSize(Size(width: 80, height: 22))
      try state.apply(.rename("theirs"))
    }
    try await app.session.flush()
    #expect(app.state.node(app.state.focusedPane)?.title == "theirs")
    #expect(app.state.layoutSize == area)
  }

  /// A failed command changes nothing, the recorded size included.
  @Test func aFailedCommandRecordsNoSize() async throws {
    let directory = TemporaryDirectory()
    var app = try await splitOn100x30(in: directory)
    let store = app.store
    let bytes = try #require(FileManager.default.contents(atPath: store.path))
    let writes = app.session.writeCount
    app.size = Size(width: 60, height: 20)
    app.apply([.focus(.direction(.right))])
    #expect(app.message?.isError == true)
    #expect(app.state.layoutSize == Size(width: 100, height: 28))
    try await app.session.flush()
    #expect(app.session.writeCount == writes)
    #expect(FileManager.default.contents(atPath: store.path) == bytes)
  }

  @Test func promptRunsTheGrammarAndReportsErrors() throws {
    let directory = TemporaryDirectory()
    let store = WorkspaceStore(path: directory.file("w.json"))
    var app = try App(store: store)
    app.handle(.control("b"))
    app.handle(.character(":"))
    type("push detail:8", into: &app)
    app.handle(.backspace)
    type("7", into: &app)
    #expect(app.mode == .prompt("push detail:7"))
    app.handle(.enter)
    #expect(app.mode == .normal)
    let pane = try #require(app.state.node(app.state.focusedPane))
    #expect(pane.router?.stack.stack == ["home", "detail:7"])
    #expect(app.message == nil)

    app.handle(.control("b"))
    app.handle(.character(":"))
    type("close", into: &app)
    app.handle(.enter)
    #expect(app.message?.text == "cannot close the last pane")
    #expect(app.message?.isError == true)
    #expect(app.state.paneIDs.count == 1)

    app.handle(.control("b"))
    app.handle(.character(":"))
    type("split h", into: &app)
    app.handle(.escape)
    #expect(app.mode == .normal)
    #expect(app.state.paneIDs.count == 1)
  }

  @Test func quitKeyAndQuitCommandStopTheLoop() throws {
    let directory = TemporaryDirectory()
    var app = try App(store: WorkspaceStore(path: directory.file("w.json")))
    app.handle(.control("b"))
    app.handle(.character("q"))
    #expect(app.isRunning == false)
  }

  @Test func anotherWritersEditIsShownWithoutPolling() async throws {
    let directory = TemporaryDirectory()
    let store = WorkspaceStore(path: directory.file("w.json"))
    var app = try App(store: store)
    app.handle(.control("b"))
    app.handle(.character("%"))
    try await app.session.flush()
    try store.update(default: App.initialState) { state in
      try state.apply([.focus(.pane(.number(1))), .route(.push(["detail:7"]))])
    }
    let deadline = ContinuousClock.now + .seconds(30)
    while app.state.node(app.state.focusedPane)?.router?.stack.current != "detail:7" {
      #expect(ContinuousClock.now < deadline, "not adopted")
      if ContinuousClock.now >= deadline { break }
      try await Task.sleep(for: .milliseconds(2))
    }
    #expect(app.state.number(of: app.state.focusedPane) == 1)
    let frame = app.screen(width: 60, height: 10).render().plainText()
    #expect(frame.contains("detail:7"))
    app.session.close()
  }

  @Test func longStackGivesWayAtTheBottomOfTheList() {
    var stack = RouteStack<RouteToken>(root: "inbox")
    stack.push("detail:1", "detail:2")
    stack.present("compose", style: .cover)
    let lines = Screen.stackLines(stack, rows: 4).map(\.text)
    #expect(lines == ["… 2 more", "detail:2", "┄ cover ┄", "compose"])
    #expect(Screen.stackLines(stack, rows: 9).map(\.text).count == 5)
  }

  /// `wsterm --frame` only prints: it neither takes the control socket of the wsterm running
  /// on the same file nor says on standard error that one listens there (a script comparing
  /// frames saw that line), and the running one stays live for `wsctl`.
  @Test func aFrameLeavesTheControlSocketToTheRunningWsterm() async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("w.json")
    let app = try App(store: WorkspaceStore(path: file))
    defer { app.session.close() }
    #expect(app.session.controlSocketProblem == nil)
    func run(_ name: String, _ arguments: [String]) async throws -> ProcessResult {
      try await ProcessRunner(
        SampleProcess.binaryDirectory.appendingPathComponent(name), arguments,
        in: directory.path
      ).run()
    }
    let frame = try await run("wsterm", ["-f", file, "--frame", "40x5"])
    #expect(frame.status == 0)
    #expect(frame.stderr == "")
    #expect(frame.lines.contains { $0.hasPrefix("┏ 1* main ") })
    let status = try await run("wsctl", ["-f", file, "status"])
    #expect(status.status == 0, "\(status.stderr)")
    #expect(status.stdout.hasPrefix("host live for "), "\(status.stdout)")
  }
}
