import Foundation
import Testing
import Workspace
import WorkspaceJSON
import WorkspaceTestSupport

/// `MailHost` running on a file that `wsctl` edits at the same time: neither loses the other's
/// change, and the host shows the other writer's edit as it happens.
@Suite struct MailHostLiveFileTests {
  /// Waits until the file's state satisfies `condition`, for at most 30 seconds (a loaded
  /// machine may be slow; a pass takes milliseconds).
  private func waitForFile(_ path: String, _ condition: (WorkspaceState) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      if let state = try? WorkspaceStore(path: path).load(default: .example).state,
        FileManager.default.fileExists(atPath: path), condition(state)
      {
        return true
      }
      usleep(5_000)
    }
    return false
  }

  private func titles(_ state: WorkspaceState) -> [String] {
    state.paneIDs.compactMap { state.node($0)?.title }
  }

  @Test func aWsctlPushWhileMailHostReadsStandardInputIsKept() async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("mail.json")
    let host = Process()
    host.executableURL = SampleProcess.binaryDirectory.appendingPathComponent("MailHost")
    host.arguments = ["-f", file]
    let input = Launching.pipe()
    let output = Launching.pipe()
    host.standardInput = input
    host.standardOutput = output
    host.standardError = FileHandle.nullDevice
    try Launching.run(host)
    let collected = OutputCollector(output)
    input.fileHandleForWriting.write(Data("rename early\n".utf8))
    #expect(waitForFile(file) { titles($0).contains("early") })

    let wsctl = Process()
    wsctl.executableURL = SampleProcess.binaryDirectory.appendingPathComponent("wsctl")
    // `--no-host`: this test is about another writer of the file; the tour shows wsctl
    // driving the live host.
    wsctl.arguments = ["-f", file, "--no-host", "focus", "2", "push", "folder:Archive"]
    try Launching.run(wsctl)
    try #require(await wsctl.exited())
    #expect(wsctl.terminationStatus == 0)
    // The host shows the other writer's change as it happens, while it waits for input.
    #expect(collected.waitFor("adopted revision 2 from another writer"), "\(collected.text)")

    input.fileHandleForWriting.write(Data("rename late\nshow\n".utf8))
    try input.fileHandleForWriting.close()
    try #require(await host.exited(), "MailHost did not end at the end of its input")
    let text = collected.finishedText()
    #expect(host.terminationStatus == 0, "\(text)")

    let state = try WorkspaceStore(path: file).load(default: .example).state
    let stacks = state.paneIDs.compactMap { state.node($0)?.router?.stack.stack.last?.description }
    #expect(stacks.contains("folder:Archive"), "\(text)")
    #expect(titles(state).contains("early"))
    #expect(titles(state).contains("late"))
    #expect(text.contains("adopted revision 2 from another writer"), "\(text)")
    #expect(
      text.contains("2* late       [.folder(\"Inbox\"), .folder(\"Archive\")]"),
      "the host's show lists the other writer's route")
  }

  /// Runs MailHost on `file` reading a pipe, as the unprivileged user 65534 when the tests
  /// run as root (with `setpriv`), so that a read-only file really cannot be written.
  private func launchUnprivileged(_ file: String) throws -> (Process, Pipe) {
    let mailHost = SampleProcess.binaryDirectory.appendingPathComponent("MailHost")
    let host = Process()
    if geteuid() == 0 {
      host.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
      host.arguments = [
        "--reuid=65534", "--regid=65534", "--clear-groups", mailHost.path, "-f", file,
      ]
    } else {
      host.executableURL = mailHost
      host.arguments = ["-f", file]
    }
    let input = Launching.pipe()
    host.standardInput = input
    host.standardOutput = FileHandle.nullDevice
    host.standardError = FileHandle.nullDevice
    try Launching.run(host)
    return (host, input)
  }

  @Test(
    .enabled(
      if: geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
      "needs setpriv to drop root"))
  func aReadOnlyFileKeepsTheChangeInMemoryUntilItIsWritable() async throws {
    let directory = TemporaryDirectory()
    chmod(directory.url.path, 0o777)
    let file = directory.file("mail.json")
    #expect(try await mailHost.run(["-f", file, "rename", "first"]).status == 0)
    chmod(file, 0o444)
    chmod(file + ".lock", 0o666)
    let before = FileManager.default.contents(atPath: file)
    let (host, input) = try launchUnprivileged(file)
    input.fileHandleForWriting.write(Data("rename kept\n".utf8))
    usleep(1_500_000)
    #expect(FileManager.default.contents(atPath: file) == before, "a read-only file was written")
    chmod(file, 0o666)
    #expect(waitForFile(file) { titles($0).contains("kept") }, "not saved once writable")
    try input.fileHandleForWriting.close()
    try #require(await host.exited(), "MailHost did not end at the end of its input")
    #expect(host.terminationStatus == 0)
  }

  private let mailHost = SampleProcess(name: "MailHost")
}

/// Everything a process writes to a pipe, read on another thread as it comes.
final class OutputCollector: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()
  private var isFinished = false

  init(_ pipe: Pipe) {
    let handle = pipe.fileHandleForReading
    Thread { [self] in
      while true {
        let chunk = handle.availableData
        lock.withLock { if chunk.isEmpty { isFinished = true } else { data.append(chunk) } }
        if chunk.isEmpty { break }
      }
    }.start()
  }

  /// What was read so far.
  var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }

  /// Waits until the output contains `expected`, for at most 30 seconds.
  func waitFor(_ expected: String) -> Bool {
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      if text.contains(expected) { return true }
      usleep(2_000)
    }
    return false
  }

  /// The whole output, once the pipe is closed.
  func finishedText() -> String {
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline, !lock.withLock({ isFinished }) { usleep(2_000) }
    return text
  }
}
