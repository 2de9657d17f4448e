import Testing

@testable import MailHost

/// The mail host's words: its own commands mixed with the workspace grammar.
@Suite struct HostStepTests {
  @Test func hostWordsEndTheGrammarsArgumentLists() throws {
    #expect(
      try HostStep.parse(["push", "inbox", "message:7", "show", "open", "42", "focus", "2"]) == [
        .command(.route(.push(["inbox", "message:7"]))), .show, .open(42),
        .command(.focus(.pane(.number(2)))),
      ])
    #expect(try HostStep.parse(["search", "=show", "compose"]) == [.search("show"), .compose])
  }
}
