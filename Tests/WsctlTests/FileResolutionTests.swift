import Testing

/// Which file `wsctl` edits: `-f FILE`, `--file FILE`, `--file=FILE`, else `$WSCTL_FILE`,
/// else `./workspace.json`; a missing file starts from the built-in default workspace.
@Suite struct FileResolutionTests {
  @Test func theDefaultIsWorkspaceJSONInTheCurrentDirectory() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "a")
    #expect(try sandbox.listing() == ["workspace.json", "workspace.json.lock"])
    #expect(sandbox.text("workspace.json")?.contains("\"a\"") == true)
  }

  @Test(arguments: [
    ["-f", "other.json"], ["--file", "other.json"], ["--file=other.json"],
    ["push", "a", "-f", "other.json"],
  ])
  func theFileOptionNamesTheFile(options: [String]) async throws {
    let sandbox = try Sandbox()
    let arguments = options.contains("push") ? options : options + ["push", "a"]
    try await sandbox.succeed(arguments, environment: ["WSCTL_FILE": "ignored.json"])
    #expect(sandbox.exists("other.json"))
    #expect(!sandbox.exists("workspace.json"))
    #expect(!sandbox.exists("ignored.json"))
    #expect(try await sandbox.succeed("-f", "other.json", "routes").stdout.contains("1 a (top)"))
  }

  @Test func theEnvironmentVariableNamesTheFileWhenNoOptionDoes() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "a", environment: ["WSCTL_FILE": "env.json"])
    #expect(sandbox.exists("env.json"))
    #expect(!sandbox.exists("workspace.json"))
    let routes = try await sandbox.succeed("routes", environment: ["WSCTL_FILE": "env.json"])
    #expect(routes.stdout.contains("1 a (top)"))
  }

  @Test func anEmptyEnvironmentVariableMeansTheDefault() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "a", environment: ["WSCTL_FILE": ""])
    #expect(sandbox.exists("workspace.json"))
  }

  @Test func aPathInAnotherDirectoryKeepsItsBackupAndLockBesideIt() async throws {
    let sandbox = try Sandbox()
    try sandbox.write("", to: "sub/.keep")
    try await sandbox.succeed("-f", "sub/ws.json", "push", "a")
    try await sandbox.succeed("-f", "sub/ws.json", "push", "b")
    #expect(sandbox.exists("sub/ws.json"))
    #expect(sandbox.exists("sub/ws.json.bak"))
    #expect(sandbox.exists("sub/ws.json.lock"))
    #expect(try sandbox.listing() == ["sub"])
  }

  @Test func aMissingFileStartsFromTheDefaultWorkspaceWithoutCreatingIt() async throws {
    let sandbox = try Sandbox()
    #expect(try await sandbox.succeed("tree").stdout == Fixtures.defaultTree)
    #expect(try sandbox.listing() == [])
  }

  @Test(arguments: [
    (["-f"], "-f"), (["-f", "", "push", "a"], "-f"), (["--file", ""], "--file"),
    (["--file=", "show"], "--file"),
  ])
  func aMissingOrEmptyFileNameIsAUsageError(arguments: [String], option: String) async throws {
    let sandbox = try Sandbox()
    #expect(
      try await sandbox.fail(arguments, status: 64) == "wsctl: option '\(option)' needs a FILE")
    #expect(try sandbox.listing() == [])
  }
}
