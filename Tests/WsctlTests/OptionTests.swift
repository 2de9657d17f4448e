import Foundation
import Testing
import WorkspaceTestSupport

/// Global options: short flags combine as in every Unix tool, `--` ends options, and the
/// arguments reach `wsctl` as the bytes the user typed or are refused.
@Suite struct OptionTests {
  @Test(arguments: [
    ["-nq", "push", "zz"], ["-qn", "push", "zz"], ["-n", "-q", "push", "zz"],
    ["push", "zz", "-nq"], ["-nqf", "other.json", "push", "zz"], ["-nqfother.json", "push", "zz"],
  ])
  func combinedShortFlagsAreADryRunWithoutWarnings(arguments: [String]) async throws {
    let sandbox = try Sandbox()
    // A file that needs repairs: a warning unless -q, and a dry run leaves it as it was.
    try sandbox.write(Fixtures.needsRepairs, to: "workspace.json")
    try sandbox.write(Fixtures.needsRepairs, to: "other.json")
    let result = try await sandbox.succeed(arguments)
    #expect(result.stdout.hasPrefix("dry run (not saved): push zz"), "\(result)")
    #expect(sandbox.text("workspace.json") == Fixtures.needsRepairs)
    #expect(sandbox.text("other.json") == Fixtures.needsRepairs)
  }

  @Test(arguments: [["-fother.json", "push", "b"], ["-qfother.json", "push", "b"]])
  func aClusterEndingInFTakesTheRestAsTheFile(arguments: [String]) async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed(arguments)
    #expect(sandbox.exists("other.json"))
    #expect(!sandbox.exists("workspace.json"))
  }

  @Test func doubleDashEndsOptions() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("-q", "--", "rename", "-nq")
    #expect(try await sandbox.run("--json", "tree").stdout.contains(#""title": "-nq""#))
  }

  @Test(arguments: [
    (#"rename $'\xff'"#, "argument 2 is not valid UTF-8: invalid byte at offset 0"),
    (#"rename $'ok\xc3('"#, "argument 2 is not valid UTF-8: invalid byte at offset 2"),
    (#"rename $'abc\x80'"#, "argument 2 is not valid UTF-8: invalid byte at offset 3"),
    (#"rename $'\x7f\x80'"#, "argument 2 is not valid UTF-8: invalid byte at offset 1"),
    (
      #"-q push a rename $'caf\xc3\xa9 \xed\xa0\x80'"#,
      "argument 5 is not valid UTF-8: invalid byte at offset 6"
    ),
    (#"-f $'\xfe.json' show"#, "argument 2 is not valid UTF-8: invalid byte at offset 0"),
  ])
  func invalidUTF8InAnArgumentIsAUsageError(line: String, message: String) async throws {
    let sandbox = try Sandbox()
    let wsctl = try BuiltProgram.require("wsctl")
    let result = try await sandbox.run(
      program: URL(fileURLWithPath: "/bin/bash"), ["-c", #"exec "$WSCTL" "# + line],
      environment: ["WSCTL": wsctl.path])
    #expect(result.status == 64, "\(result)")
    #expect(result.stderr == "wsctl: \(message)\n")
    #expect(result.stdout == "")
    #expect(try sandbox.listing() == [])
  }

  @Test func validUTF8TitlesPassThrough() async throws {
    let sandbox = try Sandbox()
    let wsctl = try BuiltProgram.require("wsctl")
    let result = try await sandbox.run(
      program: URL(fileURLWithPath: "/bin/bash"),
      ["-c", #"exec "$WSCTL" rename $'caf\xc3\xa9 \xe6\x97\xa5' tree"#],
      environment: ["WSCTL": wsctl.path])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains("café 日"))
  }
}
