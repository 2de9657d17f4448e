import Foundation
import Testing
import WorkspaceSystem
import WorkspaceTestSupport

/// The file is the user's: a symbolic link is edited at its target and stays a link, a file
/// the user may not write is refused (73) and never replaced, and anything that is not a
/// regular file is refused (66) before it is opened, so a FIFO never blocks.
@Suite struct FileOwnershipTests {
  // MARK: Symbolic links

  /// Links (name → destination, as `ln -s`), and the file every edit must reach.
  @Test(arguments: [
    (["workspace.json": "dotfiles/real.json"], "dotfiles/real.json"),
    (["workspace.json": "ABSOLUTE/dotfiles/real.json"], "dotfiles/real.json"),
    (["workspace.json": "middle.json", "middle.json": "dotfiles/real.json"], "dotfiles/real.json"),
    (
      ["workspace.json": "dotfiles/link.json", "dotfiles/link.json": "real.json"],
      "dotfiles/real.json"
    ),
  ])
  func anEditThroughALinkEditsItsTarget(links: [String: String], target: String) async throws {
    let sandbox = try Sandbox()
    try sandbox.write("", to: "dotfiles/.keep")
    for (name, destination) in links {
      try FileManager.default.createSymbolicLink(
        atPath: sandbox.path(name),
        withDestinationPath: destination.replacingOccurrences(
          of: "ABSOLUTE", with: sandbox.directory.path))
    }
    try await sandbox.succeed("push", "a")
    try await sandbox.succeed("push", "b")
    for name in links.keys {
      let destination = try FileManager.default.destinationOfSymbolicLink(
        atPath: sandbox.path(name))
      #expect(!destination.isEmpty, "\(name) is still a link")
    }
    #expect(sandbox.text(target)?.contains("\"b\"") == true)
    #expect(sandbox.text(target + ".bak")?.contains("\"a\"") == true)
    #expect(sandbox.exists(target + ".lock"))
    #expect(!sandbox.exists("workspace.json.lock") || links["workspace.json"] == nil)
    #expect(try sandbox.listing().filter { $0.hasPrefix("workspace.json") } == ["workspace.json"])
    // The target's own path takes the same lock and sees the same workspace.
    #expect(
      try await sandbox.succeed("-f", target, "routes").stdout
        == (try await sandbox.succeed("routes").stdout))
  }

  @Test func aDanglingLinkCreatesItsTarget() async throws {
    let sandbox = try Sandbox()
    try sandbox.write("", to: "dotfiles/.keep")
    try FileManager.default.createSymbolicLink(
      atPath: sandbox.path("workspace.json"), withDestinationPath: "dotfiles/real.json")
    try await sandbox.succeed("show", "--size", "40x5")
    #expect(!sandbox.exists("dotfiles/real.json"))
    try await sandbox.succeed("push", "a")
    #expect(sandbox.text("dotfiles/real.json")?.contains("\"a\"") == true)
    #expect(
      (try? FileManager.default.destinationOfSymbolicLink(atPath: sandbox.path("workspace.json")))
        == "dotfiles/real.json")
  }

  @Test(arguments: [["show"], ["push", "a"], ["init", "--force"]])
  func aLinkLoopIsAClearError(arguments: [String]) async throws {
    let sandbox = try Sandbox()
    try FileManager.default.createSymbolicLink(
      atPath: sandbox.path("a.json"), withDestinationPath: "b.json")
    try FileManager.default.createSymbolicLink(
      atPath: sandbox.path("b.json"), withDestinationPath: "a.json")
    #expect(
      try await sandbox.fail(["-f", "a.json"] + arguments, status: 66)
        == "wsctl: cannot read 'a.json': more than 40 symbolic links (a loop?) lead from it")
    #expect(try sandbox.listing() == ["a.json", "b.json"])
  }

  // MARK: Read-only files

  /// Runs `wsctl` as the unprivileged user 65534 (with `setpriv`, when the tests run as
  /// root), in a sandbox it may write.
  private static func runUnprivileged(_ sandbox: Sandbox, _ arguments: [String]) async throws
    -> RunResult
  {
    let wsctl = try BuiltProgram.require("wsctl")
    guard geteuid() == 0 else { return try await sandbox.run(arguments) }
    let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
    try #require(
      FileManager.default.isExecutableFile(atPath: setpriv.path),
      "setpriv (util-linux) is needed to run wsctl as a non-root user")
    return try await sandbox.run(
      program: setpriv,
      ["--reuid=65534", "--regid=65534", "--clear-groups", wsctl.path] + arguments)
  }

  @Test(arguments: [["push", "a"], ["init", "--force"], ["migrate"], ["restore-backup"]])
  func aReadOnlyFileIsRefusedNotReplaced(arguments: [String]) async throws {
    let sandbox = try Sandbox()
    chmod(sandbox.directory.path, 0o777)
    try sandbox.write(Fixtures.version0, to: "workspace.json")
    try await sandbox.succeed("migrate")
    try await sandbox.succeed("push", "z")
    if arguments == ["migrate"] {
      // A current file needs no rewrite (exit 0); an old one does.
      try sandbox.write(Fixtures.version0, to: "workspace.json")
    }
    for name in try sandbox.listing() {
      chown(sandbox.path(name), 65534, 65534)
    }
    chmod(sandbox.path("workspace.json"), 0o444)
    let before = sandbox.bytes("workspace.json")
    let backup = sandbox.bytes("workspace.json.bak")
    let result = try await Self.runUnprivileged(sandbox, arguments)
    #expect(result.status == 73, "\(result)")
    #expect(
      result.stderr
        == "wsctl: cannot write 'workspace.json': \(String(cString: strerror(EACCES))); "
        + "nothing was written\n")
    #expect(sandbox.bytes("workspace.json") == before)
    #expect(sandbox.bytes("workspace.json.bak") == backup)
    #expect(!sandbox.exists("workspace.json.before-restore"))
  }

  /// `show` records the size it drew at only as a courtesy: on a file it may not write it
  /// still draws, exits 0, warns of nothing and leaves the file as it was.
  @Test func showOnAReadOnlyFileDrawsAndRecordsNothing() async throws {
    let sandbox = try Sandbox()
    chmod(sandbox.directory.path, 0o777)
    try await sandbox.succeed("push", "z")
    for name in try sandbox.listing() {
      chown(sandbox.path(name), 65534, 65534)
    }
    chmod(sandbox.path("workspace.json"), 0o444)
    let before = sandbox.bytes("workspace.json")
    let result = try await Self.runUnprivileged(sandbox, ["show", "--size", "50x9"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr == "")
    #expect(result.stdoutLines.count == 9)
    #expect(sandbox.bytes("workspace.json") == before)
  }

  @Test func anEditKeepsTheModeAndOwner() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("init")
    chmod(sandbox.path("workspace.json"), 0o640)
    let isRoot = geteuid() == 0
    if isRoot { chown(sandbox.path("workspace.json"), 65534, 65534) }
    try await sandbox.succeed("push", "a")
    let attributes = try FileManager.default.attributesOfItem(
      atPath: sandbox.path("workspace.json"))
    #expect((attributes[.posixPermissions] as? Int) == 0o640)
    if isRoot { #expect((attributes[.ownerAccountID] as? Int) == 65534) }
  }

  // MARK: Not regular files

  /// Runs `wsctl` under `timeout`, so that a blocking open fails the test instead of hanging.
  private static func runWithTimeout(_ sandbox: Sandbox, _ arguments: [String]) async throws
    -> RunResult
  {
    try await sandbox.run(
      program: URL(fileURLWithPath: "/usr/bin/timeout"),
      ["10", try BuiltProgram.require("wsctl").path] + arguments)
  }

  @Test(arguments: [
    ["show"], ["tree"], ["validate"], ["migrate"], ["-n", "push", "a"], ["push", "a"],
    ["init", "--force"],
  ])
  func aFIFOIsRefusedWithoutBlocking(arguments: [String]) async throws {
    let sandbox = try Sandbox()
    mkfifo(sandbox.path("ws.json"), 0o600)
    let result = try await Self.runWithTimeout(sandbox, ["-f", "ws.json"] + arguments)
    let isWrite = arguments.first == "init"
    #expect(result.status == (isWrite ? 73 : 66), "\(result)")
    #expect(
      result.stderr
        == "wsctl: cannot \(isWrite ? "write" : "read") 'ws.json': it is a FIFO, not a regular "
        + "file\(isWrite ? "; nothing was written" : "")\n")
    #expect(try sandbox.listing() == ["ws.json"])
  }

  @Test(arguments: ["workspace.json.bak", "workspace.json.lock"])
  func aFIFOInPlaceOfTheBackupOrLockIsRefused(name: String) async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "a")
    unlink(sandbox.path(name))
    mkfifo(sandbox.path(name), 0o600)
    let before = sandbox.bytes("workspace.json")
    let result = try await Self.runWithTimeout(sandbox, ["push", "b"])
    #expect(result.status == 73, "\(result)")
    #expect(
      result.stderr
        == "wsctl: cannot write '\(name)': it is a FIFO, not a regular file; nothing was written\n")
    #expect(sandbox.bytes("workspace.json") == before)
    if name.hasSuffix(".bak") {
      #expect(try await Self.runWithTimeout(sandbox, ["restore-backup"]).status == 66)
    }
  }
}
