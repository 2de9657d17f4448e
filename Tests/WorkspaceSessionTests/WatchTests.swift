import Foundation
import Testing
import Workspace
import WorkspaceJSON
import WorkspaceSession
import WorkspaceTestSupport

/// A `wsctl watch` running in the background, its output captured in files.
final class WatchProcess: Sendable {
  let process: Process
  let outputPath: String
  let errorPath: String

  init(_ arguments: [String], in directory: String) throws {
    outputPath = directory + "/watch-\(UUID().uuidString).out"
    errorPath = outputPath.replacingOccurrences(of: ".out", with: ".err")
    _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
    process = Process()
    process.executableURL = try BuiltProgram.require("wsctl")
    process.arguments = ["-f", "w.json", "watch"] + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
    try Launching.run(process)
  }

  deinit {
    if process.isRunning { process.terminate() }
  }

  var lines: [String] {
    let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map(String.init)
  }

  var errors: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

  /// Waits for the process to end, at most `seconds`; its exit code, or `nil`.
  func exitCode(within seconds: Double = 10) async -> Int32? {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while process.isRunning, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(5))
    }
    return process.isRunning ? nil : process.terminationStatus
  }
}

extension LiveControl {
  @MainActor
  @Suite(.serialized) struct WatchTests {
    /// Makes changes in the host until the watcher has seen one (it subscribes as it starts),
    /// then clears nothing: returns the number of lines seen so far.
    private func waitUntilSubscribed(_ watch: WatchProcess, _ session: WorkspaceSession)
      async throws
      -> Int
    {
      for _ in 0..<400 where watch.lines.isEmpty {
        try session.workspace.apply(.focus(.next))
        try await Task.sleep(for: .milliseconds(10))
      }
      return watch.lines.count
    }

    @Test(arguments: [false, true])
    func watchPrintsEachChangeOfTheHostAndEndsWhenItGoesAway(json: Bool) async throws {
      let pair = try HostAndFile()
      let watch = try WatchProcess(json ? ["--json"] : [], in: pair.host.path)
      let seen = try await waitUntilSubscribed(watch, pair.session)
      #expect(seen > 0)
      let run = try await wsctl(["-f", "w.json", "push", "detail:7"], in: pair.host.path)
      #expect(run.exitCode == 0)
      #expect(await eventually(within: 30) { watch.lines.count > seen })
      let line = try #require(watch.lines.last)
      if json {
        #expect(line.hasPrefix("{") && line.contains("\"commands\":[\"push detail:7\"]"))
        #expect(line.contains("\"origin\":\"local\""))
      } else {
        #expect(line == "push detail:7")
      }
      pair.session.close()
      #expect(await watch.exitCode() == 0)
      #expect(watch.errors == "wsctl: the host for w.json went away\n")
    }

    @Test func withoutAHostWatchFollowsTheFile() async throws {
      let pair = try HostAndFile()
      pair.session.close()
      let watch = try WatchProcess([], in: pair.host.path)
      var edits = 0
      while watch.lines.isEmpty, edits < 200 {
        _ = try await wsctl(
          ["-f", "w.json", "focus", edits % 2 == 0 ? "2" : "1"], in: pair.host.path)
        edits += 1
      }
      // Caught up with the last edit. Two edits the watcher read as one (focus moved and
      // back: nothing to describe) print `adopted revision N` alone, so the last of the
      // quick edits above may not name a focus.
      let revision = try pair.host.stored().revision
      #expect(
        await eventually(within: 30) {
          watch.lines.last?.hasPrefix("adopted revision \(revision)") == true
        })
      // Then one edit, the only change since the watcher's last read. Focus alone records no
      // history entry: the line describes the change.
      _ = try await wsctl(
        ["-f", "w.json", "focus", edits % 2 == 0 ? "2" : "1"], in: pair.host.path)
      let next = try pair.host.stored().revision
      #expect(next == revision + 1)
      #expect(
        await eventually(within: 30) {
          watch.lines.last?.hasPrefix("adopted revision \(next): focus %") == true
        })
      watch.process.interrupt()
      #expect(await watch.exitCode() == 0)
    }

    @Test func sigtermEndsWatchWithExitZero() async throws {
      let pair = try HostAndFile()
      let watch = try WatchProcess([], in: pair.host.path)
      _ = try await waitUntilSubscribed(watch, pair.session)
      watch.process.terminate()
      #expect(await watch.exitCode() == 0)
    }
  }
}
