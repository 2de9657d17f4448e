import Foundation
import PaneRouter
import Testing
import WorkspaceJSON
import WorkspaceSession
import WorkspaceTestSupport

@testable import Workspace

/// Two writers on one file, each applying random commands while the other saves: at the end
/// both hold the same state as the file, and every change either made it into that state or
/// was reported as a conflict.
@MainActor
@Suite struct SessionConvergenceTests {
  /// Structural commands that make the sides' trees diverge.
  private static let shuffles = [
    "split h", "split v", "close", "focus next", "focus prev", "focus left", "swap right",
    "resize right 0.1", "equalize", "zoom", "tab new", "tab next", "move up",
  ]

  /// Applies one random command to a session; every 3rd is a marker whose history label is
  /// unique (`rename NAME` of the focused pane, or `at %ID replace-top NAME`). Returns the
  /// label of a marker that applied.
  private static func step(
    _ session: WorkspaceSession, name: String, using generator: inout SeededGenerator
  ) -> String? {
    let workspace = session.workspace
    if Int.random(in: 0..<3, using: &generator) == 0 {
      let command: WorkspaceCommand =
        Bool.random(using: &generator)
        ? .rename(name)
        : .route(.replaceCurrent(RouteToken(name: name)), at: workspace.focusedPane)
      guard (try? workspace.apply(command)) != nil else { return nil }
      return command.description
    }
    let words = shuffles.randomElement(using: &generator)!.split(separator: " ").map(String.init)
    _ = try? workspace.apply(CommandParser.parse(words))
    return nil
  }

  /// Between two steps: a pause now and then lets saves and adoptions interleave with the
  /// commands; a yield at every other step keeps the main actor fair to the suites running
  /// meanwhile.
  private static func pace(_ index: Int) async throws {
    if index % 100 == 99 {
      try await Task.sleep(for: .milliseconds(5))
    } else {
      await Task.yield()
    }
  }

  @Test(arguments: [2026] as [UInt64])
  func twoSessionsInOneProcessConverge(seed: UInt64) async throws {
    let directory = SessionDirectory()
    let start = twoPanes(historyLimit: 2500)
    let first = WorkspaceSession(path: directory.file, default: start)
    let second = WorkspaceSession(path: directory.file, default: start)
    let firstConflicts = ChangeRecorder(first.workspace)
    let secondConflicts = ChangeRecorder(second.workspace)
    var generator = SeededGenerator(seed: seed)
    var markers: [String] = []
    for index in 0..<1000 {
      for (session, side) in [(first, "a"), (second, "b")] {
        if let marker = Self.step(session, name: "\(side)\(index)", using: &generator) {
          markers.append(marker)
        }
      }
      try await Self.pace(index)
    }
    try await first.flush()
    try await second.flush()
    try await first.flush()
    #expect(first.workspace.state == second.workspace.state)
    let stored = try directory.stored()
    #expect(stored == first.workspace.state)
    stored.checkInvariants()
    let labels = Set(stored.history.undoEntries.map(\.label))
    let conflicts = Set(
      (firstConflicts.conflicts + secondConflicts.conflicts).map {
        $0.commands.map(\.description).joined(separator: " ")
      })
    let lost = markers.filter { !labels.contains($0) && !conflicts.contains($0) }
    #expect(lost == [], "changes neither in the file nor reported")
    #expect(markers.count > 300)
    first.close()
    second.close()
  }

  @Test func anotherProcessWritingMeanwhileLosesNothing() async throws {
    let directory = SessionDirectory()
    let session = WorkspaceSession(path: directory.file, default: twoPanes(historyLimit: 1000))
    try session.workspace.apply(.rename("start"))
    try await session.flush()
    let file = directory.file
    let other = Task.detached {
      var statuses: [Int32] = []
      for index in 0..<20 {
        statuses.append(
          (try? await runWsctl(file, ["rename", "other\(index)", "focus", "next"])) ?? -1)
      }
      return statuses
    }
    var generator = SeededGenerator(seed: 99)
    var markers: [String] = []
    let recorder = ChangeRecorder(session.workspace)
    for index in 0..<400 {
      if let marker = Self.step(session, name: "host\(index)", using: &generator) {
        markers.append(marker)
      }
      try await Self.pace(index)
    }
    let statuses = await other.value
    #expect(statuses.allSatisfy { $0 == 0 })
    try await session.flush()
    let stored = try directory.stored()
    #expect(stored == session.workspace.state)
    let labels = Set(stored.history.undoEntries.map(\.label))
    for index in 0..<20 { #expect(labels.contains("rename other\(index) focus next")) }
    let conflicts = Set(
      recorder.conflicts.map { $0.commands.map(\.description).joined(separator: " ") })
    #expect(markers.filter { !labels.contains($0) && !conflicts.contains($0) } == [])
    session.close()
  }

  @Test func twoSessionsInTwoProcessesConverge() async throws {
    let directory = SessionDirectory()
    let session = WorkspaceSession(path: directory.file, default: twoPanes(historyLimit: 2500))
    try session.workspace.apply(.rename("start"))
    try await session.flush()
    // The other process is MailHost, a host on its own session, reading commands from a pipe.
    let host = Process()
    host.executableURL = try BuiltProgram.require("MailHost")
    host.arguments = ["-f", directory.file]
    let input = Launching.pipe()
    let output = Launching.pipe()
    host.standardInput = input
    host.standardOutput = output
    host.standardError = FileHandle.nullDevice
    try Launching.run(host)
    let reading = Task { await readToEnd(output.fileHandleForReading) }
    var generator = SeededGenerator(seed: 4242)
    var markers: [String] = []
    let recorder = ChangeRecorder(session.workspace)
    for index in 0..<1000 {
      let line =
        index % 3 == 0
        ? "rename m\(index)" : Self.shuffles.randomElement(using: &generator)!
      input.fileHandleForWriting.write(Data((line + "\n").utf8))
      if let marker = Self.step(session, name: "a\(index)", using: &generator) {
        markers.append(marker)
      }
      try await Self.pace(index)
    }
    try input.fileHandleForWriting.close()
    let text = String(decoding: await reading.value, as: UTF8.self)
    try #require(await host.exited(), "the host did not end at the end of its input")
    #expect([0, 1].contains(host.terminationStatus), "\(text.suffix(2000))")
    try await session.flush()
    let stored = try directory.stored()
    #expect(stored == session.workspace.state)
    let labels = Set(stored.history.undoEntries.map(\.label))
    let theirs = (0..<1000).filter { $0 % 3 == 0 }.map { "rename m\($0)" }
    #expect(theirs.filter { !labels.contains($0) } == [], "the other process's renames")
    let conflicts = Set(
      recorder.conflicts.map { $0.commands.map(\.description).joined(separator: " ") })
    #expect(markers.filter { !labels.contains($0) && !conflicts.contains($0) } == [])
    session.close()
  }
}
