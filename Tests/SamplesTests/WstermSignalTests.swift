import Foundation
import Testing
import WorkspaceSystem
import WorkspaceTestSupport

/// wsterm full screen on a pseudo-terminal, ended by a signal: it restores the terminal,
/// closes its session and leaves neither its control socket nor its lock behind.
@Suite struct WstermSignalTests {
  @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
  func aSignalLeavesTheRuntimeDirectoryClean(signal: Int32) async throws {
    let directory = TemporaryDirectory()
    let runtime = directory.file("run")
    try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
    let terminal = try PseudoTerminal()
    defer { terminal.close() }
    let process = Process()
    process.executableURL = SampleProcess.binaryDirectory.appendingPathComponent("wsterm")
    process.arguments = ["-f", directory.file("w.json")]
    process.environment = ProcessInfo.processInfo.environment.merging([
      "XDG_RUNTIME_DIR": runtime, "TERM": "xterm",
    ]) { $1 }
    let follower = FileHandle(fileDescriptor: terminal.follower, closeOnDealloc: false)
    process.standardInput = follower
    process.standardOutput = follower
    process.standardError = FileHandle.nullDevice
    try Launching.run(process)
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    let sockets = runtime + "/wsctl"
    let listing = { (try? FileManager.default.contentsOfDirectory(atPath: sockets)) ?? [] }
    #expect(await eventually(within: 30) { listing().count == 2 }, "\(listing())")
    kill(process.processIdentifier, signal)
    #expect(await eventually(within: 30) { !process.isRunning })
    #expect(process.terminationStatus == 128 + signal)
    #expect(listing() == [])
    // The terminal was put back: the alternate screen left, the cursor shown.
    #expect(await eventually(within: 30) { terminal.output.hasSuffix("\u{1B}[?1049l") })
  }
}

/// Why a pseudo-terminal could not be made.
struct PseudoTerminalError: Error, CustomStringConvertible {
  let description: String
}

/// A pseudo-terminal pair: the follower is a program's terminal, the leader's output is
/// drained on a thread of its own (so the program never blocks writing) and kept.
final class PseudoTerminal: @unchecked Sendable {
  let leader: Int32
  let follower: Int32
  private let lock = NSLock()
  private var bytes: [UInt8] = []
  private let drained = DispatchSemaphore(value: 0)

  init() throws {
    // The C library declares these only under _XOPEN_SOURCE, which the Glibc module is not
    // built with: they are looked up in the running process instead.
    typealias OpenLeader = @convention(c) (Int32) -> Int32
    typealias Operate = @convention(c) (Int32) -> Int32
    typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
    let process = dlopen(nil, RTLD_NOW)
    func function<Function>(_ name: String, as type: Function.Type) throws -> Function {
      guard let symbol = dlsym(process, name) else {
        throw PseudoTerminalError(description: "no \(name) in the C library")
      }
      return unsafeBitCast(symbol, to: type)
    }
    let openLeader = try function("posix_openpt", as: OpenLeader.self)
    let grant = try function("grantpt", as: Operate.self)
    let unlock = try function("unlockpt", as: Operate.self)
    let followerName = try function("ptsname", as: Name.self)
    leader = openLeader(O_RDWR | O_NOCTTY)
    try #require(leader >= 0 && grant(leader) == 0 && unlock(leader) == 0, "posix_openpt")
    let name = try #require(followerName(leader).map { String(cString: $0) })
    follower = open(name, O_RDWR | O_NOCTTY)
    try #require(follower >= 0, "open \(name)")
    var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(follower, UInt(TIOCSWINSZ), &size)
    let leader = leader
    Thread { [self] in
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = retryingOnInterrupt { read(leader, &buffer, buffer.count) }
        guard count > 0 else { break }
        lock.withLock { bytes += buffer[..<count] }
      }
      drained.signal()
    }.start()
  }

  /// What the program wrote so far.
  var output: String { lock.withLock { String(decoding: bytes, as: UTF8.self) } }

  /// Closes both ends, the follower first, so the drain ends.
  func close() {
    _ = WorkspaceSystem.close(follower)
    _ = drained.wait(timeout: .now() + 5)
    _ = WorkspaceSystem.close(leader)
  }
}
