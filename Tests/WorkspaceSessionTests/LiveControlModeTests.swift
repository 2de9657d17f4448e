import Foundation
import Testing
import WorkspaceJSON
import WorkspaceSession
import WorkspaceTestSupport

@testable import Workspace
@testable import WorkspaceControl

/// Runs `wsctl control` in a directory with a script on standard input, and reads its reply
/// lines.
func wsctlControl(
  _ script: String, _ arguments: [String] = [], after: [String] = [], in directory: String,
  environment extra: [String: String] = [:]
) async throws -> (replies: [ControlReplyLine], run: WsctlRun) {
  let environment = wsctlEnvironment(extra)
  let result = try await ProcessRunner(
    BuiltProgram.require("wsctl"), ["-f", "w.json"] + arguments + ["control"] + after,
    in: directory,
    environment: environment, input: script
  ).run()
  let run = WsctlRun(
    output: result.stdout, errors: result.stderr,
    exitCode: result.signal.map { -$0 } ?? result.status)
  let replies = run.output.split(separator: "\n").map { ControlReplyLine(String($0)) }
  return (replies, run)
}

/// One reply line of `wsctl control`, read back.
struct ControlReplyLine: Equatable, CustomStringConvertible {
  var line = -1
  var exit: Int32 = -1
  var output = ""
  var errors = ""

  init(_ text: String) {
    guard let object = try? JSONReader.parse(Array(text.utf8)).objectValue,
      object.members.map(\.key) == ["line", "exit", "output", "errors"]
    else { return }
    line = object["line"]?.intValue ?? -1
    exit = Int32(object["exit"]?.intValue ?? -1)
    output = object["output"]?.stringValue ?? ""
    errors = object["errors"]?.stringValue ?? ""
  }

  /// What a call of its own printed and exited with.
  var run: WsctlRun { WsctlRun(output: output, errors: errors, exitCode: exit) }

  var description: String {
    "line \(line): exit \(exit) \(output.debugDescription) \(errors.debugDescription)"
  }
}

extension LiveControl {
  @MainActor
  @Suite(.serialized) struct LiveControlModeTests {
    /// The calls of LiveControlTests as a script, one call a line, quoted as a shell would.
    static let script =
      LiveControlTests.calls.map { call in
        call.map(CommandParser.quoted).joined(separator: " ")
      }.joined(separator: "\n") + "\n"

    @Test func aControlSessionWithAHostPrintsWhatEachCallPrints() async throws {
      let calls = try HostAndFile()
      let session = try HostAndFile()
      var separate: [WsctlRun] = []
      for call in LiveControlTests.calls {
        separate.append(try await wsctl(["-f", "w.json"] + call, in: calls.host.path))
      }
      let (replies, run) = try await wsctlControl(Self.script, in: session.host.path)
      #expect(run.exitCode == 0, "\(run.errors)")
      #expect(run.errors == "")
      #expect(replies.map(\.line) == Array(1...LiveControlTests.calls.count))
      for (index, reply) in replies.enumerated() where index < separate.count {
        #expect(reply.run == separate[index], "\(LiveControlTests.calls[index])")
      }
      // Both hosts hold the same state, and so do their files.
      var mine = session.session.workspace.state
      var theirs = calls.session.workspace.state
      mine.revision = 0
      theirs.revision = 0
      #expect(mine == theirs)
      #expect(mine.invariantViolations() == [])
    }

    @Test func aControlSessionOnTheFilePrintsWhatEachCallPrints() async throws {
      let pair = try HostAndFile()
      let other = SessionDirectory()
      try FileManager.default.copyItem(atPath: pair.file.file, toPath: other.file)
      try Data(HostAndFile.templatesFile.utf8).write(
        to: URL(fileURLWithPath: other.path + "/team.json"))
      try Data(HostAndFile.layoutFile.utf8).write(
        to: URL(fileURLWithPath: other.path + "/dev.json"))
      var separate: [WsctlRun] = []
      for call in LiveControlTests.calls {
        separate.append(try await wsctl(["-f", "w.json", "--no-host"] + call, in: pair.file.path))
      }
      let (replies, run) = try await wsctlControl(Self.script, ["--no-host"], in: other.path)
      #expect(run.exitCode == 0, "\(run.errors)")
      #expect(replies.map(\.line) == Array(1...LiveControlTests.calls.count))
      for (index, reply) in replies.enumerated() where index < separate.count {
        #expect(reply.run == separate[index], "\(LiveControlTests.calls[index])")
      }
      var mine = try other.stored()
      var theirs = try pair.file.stored()
      mine.revision = 0
      theirs.revision = 0
      #expect(mine == theirs)
    }

    /// Malformed lines, refusals, a blank line and a comment, a line too long and one long
    /// but whole: each gets its reply, a refusal changes nothing, and the session goes on
    /// to the end of its input.
    @Test(arguments: [false, true])
    func badLinesAreAnsweredAndTheSessionGoesOn(withHost: Bool) async throws {
      let pair = try HostAndFile()
      let directory = withHost ? pair.host : pair.file
      // Long, and whole: its file holds a title of up to 65,536 bytes.
      let longTitle = String(repeating: "t", count: 60_000)
      let tooLong = String(repeating: "x", count: ControlMode.maximumLineBytes + 10)
      let script = [
        "focus 2", "rename 'unterminated", "frobnicate", "focus 9", "push a push a", "",
        "   # a comment", "-f other.json routes", "status", "watch", "rename \(longTitle)",
        "push \(tooLong)", "routes",
      ].joined(separator: "\n")  // no newline at the end: the last line counts all the same
      let before = try directory.stored()
      let (replies, run) = try await wsctlControl(
        script, withHost ? [] : ["--no-host"], in: directory.path)
      #expect(run.exitCode == 0, "\(run.errors)")
      #expect(replies.map(\.line) == Array(1...13), "\(replies)")
      #expect(replies.map(\.exit) == [0, 64, 64, 1, 1, 0, 0, 64, 64, 64, 0, 64, 0])
      #expect(replies[1].errors == "wsctl: line 2: unterminated ' quote at column 8\n")
      #expect(replies[3].errors == "wsctl: no pane 9 at word 1\n")
      #expect(replies[4].errors.contains("at word 3"))
      #expect(replies[7].errors.contains("cannot name the file"))
      #expect(replies[8].errors == "wsctl: 'status' cannot run in a control session\n")
      #expect(replies[11].errors.contains("is longer than 1048576 bytes"))
      #expect(replies[12].output.contains("detail:1 (top)"), "\(replies[12])")
      // Only the focus and the long title applied; the refused `push a push a` left nothing.
      let after = withHost ? pair.session.workspace.state : try directory.stored()
      #expect(after.node(after.focusedPane)?.title.count == longTitle.count)
      #expect(after.node(after.focusedPane)?.router?.stack == before.node(NodeID(4))?.router?.stack)
      #expect(after.invariantViolations() == [])
      if withHost {
        try await pair.session.flush()
        #expect(try directory.stored().node(after.focusedPane)?.title.count == longTitle.count)
      }
    }

    /// A line repeated is read once (wsctl and the host remember what it came to), yet each
    /// time it runs on the state as it is then, and its errors name its own line.
    @Test(arguments: [false, true])
    func repeatedLinesAreEachAnsweredAsTheirOwn(withHost: Bool) async throws {
      let pair = try HostAndFile()
      let directory = withHost ? pair.host : pair.file
      let script = [
        "rename 'x", "rename 'x", "focus 9", "focus 9", "focus 2", "routes", "focus 1",
        "routes", "focus 2", "routes",
      ].joined(separator: "\n")
      let (replies, run) = try await wsctlControl(
        script, withHost ? [] : ["--no-host"], in: directory.path)
      #expect(run.exitCode == 0, "\(run.errors)")
      #expect(replies.map(\.line) == Array(1...10), "\(replies)")
      #expect(replies.map(\.exit) == [64, 64, 1, 1, 0, 0, 0, 0, 0, 0])
      #expect(replies[0].errors == "wsctl: line 1: unterminated ' quote at column 8\n")
      #expect(replies[1].errors == "wsctl: line 2: unterminated ' quote at column 8\n")
      #expect(replies[2].errors == "wsctl: no pane 9 at word 1\n")
      #expect(replies[3].errors == replies[2].errors)
      // The same `routes` prints the router of whichever pane the line before focused.
      #expect(replies[5].output == replies[9].output)
      #expect(replies[5].output != replies[7].output)
      #expect(replies[7].output.contains("inbox (top)"), "\(replies[7])")
    }

    /// 10,000 lines pipelined to a host and run on the file: every one answered, in order.
    @Test(arguments: [false, true])
    func tenThousandLines(withHost: Bool) async throws {
      let pair = try HostAndFile()
      let directory = withHost ? pair.host : pair.file
      let script =
        (0..<10_000).map { $0 % 1000 == 999 ? "routes" : "focus \($0 % 2 + 1)" }
        .joined(separator: "\n") + "\n"
      let (replies, run) = try await wsctlControl(
        script, withHost ? [] : ["--no-host"], in: directory.path)
      #expect(run.exitCode == 0, "\(run.errors)")
      #expect(replies.count == 10_000)
      #expect(replies.map(\.line) == Array(1...10_000))
      #expect(replies.allSatisfy { $0.exit == 0 && $0.errors == "" })
      // Line 999 focused pane 1, so line 1,000's `routes` prints its router.
      #expect(replies[999].output.contains("inbox (top)"))
      if withHost {
        // The host wrote far fewer times than it was asked: the writes shared saves.
        #expect(pair.session.writeCount < 10_000)
      }
      #expect(try directory.stored().focusedPane == NodeID(3))
    }

    /// `--write-at-end`: one write after the last line, with every line's reply; a line that
    /// works on the file itself is refused.
    @Test func writeAtEndWritesOnce() async throws {
      let directory = SessionDirectory()
      try WorkspaceStore(path: directory.file).save(.example)
      let stamp = FileStamp(path: directory.file)
      let script = "push a\npush b\nfocus 9\nvalidate\n--json routes\n"
      let (replies, run) = try await wsctlControl(
        script, ["--no-host"], after: ["--write-at-end"], in: directory.path)
      #expect(run.exitCode == 0, "\(run.errors)")
      #expect(replies.map(\.exit) == [0, 0, 1, 64, 0])
      #expect(replies[4].output.contains("\"b\""))
      let state = try directory.stored()
      #expect(
        state.node(state.focusedPane)?.router?.stack.stack.map(\.description).suffix(2) == [
          "a", "b",
        ])
      #expect(FileStamp(path: directory.file) != stamp)
      #expect(state.revision == 2)
    }

    /// An edit a control session got its reply for is in the file when the host is killed
    /// with -9 right after: the host answers once the change is durable.
    @Test func anAcknowledgedLineSurvivesKillNineOfTheHost() async throws {
      let directory = SessionDirectory()
      let host = try HostProcess(file: directory.file)
      #expect(await host.started())
      let wsctl = Process()
      wsctl.executableURL = try BuiltProgram.require("wsctl")
      wsctl.arguments = ["-f", directory.file, "control"]
      let input = Launching.pipe()
      let output = Launching.pipe()
      wsctl.standardInput = input
      wsctl.standardOutput = output
      wsctl.standardError = FileHandle.nullDevice
      try Launching.run(wsctl)
      let lines = (0..<3000).map { "tab new t\($0)\n" }.joined()
      // Written on a thread of its own: the pipe holds less than the script.
      Thread { input.fileHandleForWriting.write(Data(lines.utf8)) }.start()
      let collected = ReplyCollector(output.fileHandleForReading)
      #expect(await eventually(within: 60) { collected.count >= 40 })
      kill(host.pid, SIGKILL)
      #expect(await host.process.exited(within: 30))
      try? input.fileHandleForWriting.close()
      #expect(await eventually(within: 60) { !wsctl.isRunning })
      let replies = collected.replies
      let acknowledged = replies.filter { $0.exit == 0 }.map(\.line)
      #expect(acknowledged.count >= 40)
      // Each line after the kill was either answered before it or reported as unanswered.
      #expect(
        replies.allSatisfy { $0.exit == 0 || $0.exit == 75 },
        "\(replies.filter { $0.exit != 0 }.prefix(3))")
      #expect(wsctl.terminationStatus == 0 || wsctl.terminationStatus == 75)
      let state = try directory.stored()
      let tree = Report.tree(state)
      for line in acknowledged {
        #expect(tree.contains("'t\(line - 1)'"), "line \(line) was acknowledged but lost")
      }
    }
  }
}

/// The reply lines of a running `wsctl control`, read on a thread of their own.
private final class ReplyCollector: @unchecked Sendable {
  private let lock = NSLock()
  private var text = ""

  init(_ handle: FileHandle) {
    Thread { [self] in
      while true {
        let data = handle.availableData
        if data.isEmpty { break }
        lock.withLock { text += String(decoding: data, as: UTF8.self) }
      }
    }.start()
  }

  var replies: [ControlReplyLine] {
    lock.withLock {
      text.split(separator: "\n", omittingEmptySubsequences: true).filter { _ in true }
        .map { ControlReplyLine(String($0)) }
    }
  }

  var count: Int { lock.withLock { text.filter { $0 == "\n" }.count } }
}
