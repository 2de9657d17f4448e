import Foundation
import Testing
import WorkspaceTestSupport

/// End-to-end tests of what MailHost takes from the libraries for a host's first day: its
/// route type registered with the session, a palette line as one transaction, the undo policy.
@Suite struct MailHostHostFeatureTests {
  let mailHost = SampleProcess(name: "MailHost")

  @Test(arguments: [
    (
      "focus 3 push message:abc\n",
      "  refused: %4 cannot hold route 'message:abc': mail route 'message:abc' takes one Int"
    ),
    (
      // The new pane never came to exist: it is named by its kind.
      "split h draft:1\n",
      "  refused: a new mail pane cannot hold route 'draft:1': unknown mail route 'draft:1'"
    ),
    (
      "focus 1 present sheet compose:x\n",
      "  refused: %2 cannot hold route 'compose:x': mail route 'compose:x' takes no arguments"
    ),
  ])
  func tokenTheRouteTypeCannotReadIsRefusedWithExitOne(input: String, line: String) async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("mail.json")
    let result = try await mailHost.run(["-f", file], input: input + "show\n")
    #expect(result.status == 1, "\(result.stdout)")
    #expect(result.lines.contains(line), "\(result.stdout)")
    // Nothing changed: no change was reported, and the default layout was never written.
    #expect(!result.stdout.contains("change:"))
    #expect(!FileManager.default.fileExists(atPath: file))
  }

  @Test func tokenInTheArgumentsIsRefusedToo() async throws {
    let directory = TemporaryDirectory()
    let result = try await mailHost.run(["-f", directory.file("mail.json"), "push", "message:abc"])
    #expect(result.status == 64)
    #expect(
      result.lines.contains(
        "  refused: %4 cannot hold route 'message:abc': mail route 'message:abc' takes one Int"))
  }

  @Test func handEditedTokensAreReportedWithTheirJSONPathAndQuarantined() async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("mail.json")
    #expect(try await mailHost.run(["-f", file, "open", "42", "open", "7"]).status == 0)
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.contains("\"message:42\""))
    try Data(text.replacingOccurrences(of: "\"message:42\"", with: "\"message:4x2\"").utf8)
      .write(to: URL(fileURLWithPath: file))

    let result = try await mailHost.run(["-f", file, "show"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.lines.contains(
        "MailHost: warning: $.root.children[2].router.stack[1]: route 'message:4x2' is"
          + " unreadable (mail route 'message:4x2' takes one Int); a repair quarantines it:"
          + " kept in the file, out of the stack"), "\(result.stdout)")
    #expect(result.lines.contains("MailHost: repaired the unreadable routes"))
    // The readable route above it stays.
    #expect(result.lines.contains("  3* Message    [.message(1), .message(7)]"), "\(result.stdout)")
    // The repair was saved with the token kept, and it is not an undo step.
    let saved = try String(contentsOfFile: file, encoding: .utf8)
    #expect(saved.contains("\"quarantined\""), "\(saved)")
    #expect(saved.contains("\"message:4x2\""))
    let again = try await mailHost.run(["-f", file, "undo", "show"])
    #expect(
      again.lines.contains(
        "MailHost: note: $.root.children[2].router.quarantined[0]: route 'message:4x2' (stack"
          + " index 1) is quarantined: a route type could not read it; kept in the file, not"
          + " shown"), "\(again.stdout)")
    #expect(again.lines.contains("  3* Message    [.message(1)]"), "\(again.stdout)")
    #expect(!again.stdout.contains("unreadable"))
    #expect(try String(contentsOfFile: file, encoding: .utf8).contains("\"message:4x2\""))
  }

  @Test func paletteLineIsOneTransactionWithShellQuoting() async throws {
    let directory = TemporaryDirectory()
    let input = "focus 1 push folder:Sent rename 'Scratch pad'\nundo\nshow\n"
    let result = try await mailHost.run(["-f", directory.file("mail.json")], input: input)
    #expect(result.status == 0)
    #expect(
      result.lines.contains(
        "  change: focus 1; push folder:Sent; rename 'Scratch pad' (changed %1 %2, focus %4 -> %2)"),
      "\(result.stdout)")
    // One undo takes the whole line back.
    #expect(result.lines.contains("  change: undo (changed %1 %2, focus %2 -> %4)"))
    #expect(result.lines.contains("  1  Mailboxes  [.inbox]"), "\(result.stdout)")
  }

  @Test(arguments: [
    // Navigation recorded (the default): undo takes the push back, the split stays.
    ([String](), "  3  Message    [.message(1)]", 4),
    // Layout only: undo takes the split back, the reader keeps the message the user opened.
    (["--undo", "layout"], "  3  Message    [.message(1), .message(42)]", 3),
  ])
  func undoPolicyDecidesWhatUndoTakesBack(options: [String], reader: String, panes: Int)
    async throws
  {
    let directory = TemporaryDirectory()
    let result = try await mailHost.run(
      ["-f", directory.file("mail.json")] + options + [
        "focus", "1", "split", "v", "open", "42",
        "undo", "show",
      ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.lines.contains(reader), "\(result.stdout)")
    let shown = result.lines.drop { $0 != "> show" }.dropFirst().prefix { $0.hasPrefix("  ") }
    #expect(shown.count == panes, "\(result.stdout)")
  }

  @Test func undoOptionNeedsAKnownMode() async throws {
    let result = try await mailHost.run(["--undo", "all"])
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "MailHost: error: invalid argument 'all' for '--undo': expected 'layout' or"
        + " 'navigation'\n")
  }
}
