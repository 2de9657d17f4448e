import PaneRouter
import Testing

@testable import Workspace

@Suite struct TemplateGrammarTests {
  @Test(arguments: [
    (["template", "save", "dev"], WorkspaceCommand.saveTemplate("dev")),
    (["template", "save", "dev", "--force"], .saveTemplate("dev", replacing: true)),
    (["template", "save", "dev", "--node", "%3"], .saveTemplate("dev", node: .id(NodeID(3)))),
    (
      ["template", "save", "--force", "dev", "--node", "2"],
      .saveTemplate("dev", node: .number(2), replacing: true)
    ),
    (["template", "save", "split"], .saveTemplate("split")),
    (["template", "save", "=x"], .saveTemplate("x")),
    (["template", "rm", "dépôt"], .removeTemplate("dépôt")),
    (["template", "apply", "dev"], .applyTemplate("dev")),
    (
      ["template", "apply", "dev", "repo=mail", "title=a b=c", "empty="],
      .applyTemplate("dev", parameters: ["repo": "mail", "title": "a b=c", "empty": ""])
    ),
    (["template", "apply", "日本", "名前=値"], .applyTemplate("日本", parameters: ["名前": "値"])),
  ])
  func parses(words: [String], command: WorkspaceCommand) throws {
    #expect(try CommandParser.parse(words) == [command])
  }

  @Test func applyEndsAtTheNextCommandWord() throws {
    #expect(
      try CommandParser.parse(["template", "apply", "dev", "a=1", "focus", "2"])
        == [.applyTemplate("dev", parameters: ["a": "1"]), .focus(.pane(.number(2)))])
  }

  @Test(arguments: [
    (
      ["template"],
      CommandSyntaxError.missingArgument(command: "template", expected: "save, apply, rm", index: 1)
    ),
    (["template", "list"], .invalidArgument("list", index: 1, expected: "save, apply, rm")),
    (
      ["template", "save"],
      .missingArgument(command: "template save", expected: "a template name", index: 2)
    ),
    (
      ["template", "apply", "dev", "repo"],
      .invalidArgument("repo", index: 3, expected: "a parameter KEY=VALUE")
    ),
    (
      ["template", "apply", "dev", "=x"],
      .invalidArgument("=x", index: 3, expected: "a parameter KEY=VALUE")
    ),
    (
      ["template", "apply", "dev", "a=1", "a=2"],
      .invalidArgument("a=2", index: 4, expected: "a value for 'a' given once")
    ),
    (
      ["template", "save", "dev", "--node"],
      .missingArgument(
        command: "template save --node",
        expected: "a pane number, a node id such as %7, a mark or last", index: 4)
    ),
    (
      ["template", "save", "dev", "--node", "2x"],
      .invalidArgument(
        "2x", index: 4, expected: "a pane number, a node id such as %7, a mark or last")
    ),
    (
      ["template", "save", "dev", "--force", "--force"],
      .invalidArgument("--force", index: 4, expected: "'--force' once")
    ),
  ])
  func malformedWordsAreNamed(words: [String], error: CommandSyntaxError) {
    #expect(throws: error) { try CommandParser.parse(words) }
  }

  @Test(arguments: [
    WorkspaceCommand.saveTemplate("dev", node: .id(NodeID(3)), replacing: true),
    .saveTemplate("push"), .saveTemplate("=odd"), .removeTemplate("dev"),
    .applyTemplate("dev", parameters: ["b": "x y", "a": "", "c": "k=v"]),
    .applyTemplate("focus"), .saveTemplate("--force"), .removeTemplate("--node"),
    .saveTemplate("", node: .number(1)),
  ])
  func wordsParseBack(command: WorkspaceCommand) throws {
    #expect(try CommandParser.parse(command.words) == [command])
  }

  @Test func aDeepLinkAppliesATemplate() throws {
    #expect(
      try CommandParser.parse(link: "myapp://workspace/template/apply/review/repo=my%20mail/pr=42")
        == [.applyTemplate("review", parameters: ["repo": "my mail", "pr": "42"])])
  }

  @Test func anOpenedTemplateIsSpelledByItsName() throws {
    let template = try reviewTemplate()
    #expect(
      WorkspaceCommand.openTemplate(template, parameters: ["repo": "r", "pr": "1"]).description
        == "template apply review pr=1 repo=r")
  }

  @Test func usageOfTheCommand() {
    #expect(
      CommandGrammar.command("template")?.usage
        == "template save [--node N|%ID|MARK] [--force] NAME | "
        + "template apply [--reconcile] [--keep] NAME [KEY=VALUE...] | template rm NAME"
    )
  }

  @Test func completesTemplateNamesAndTheirParameters() throws {
    var state = threeTabs()
    try state.apply([.rename("{x}"), .saveTemplate("one"), .saveTemplate("two", node: .number(1))])
    let completer = CommandCompleter(
      commands: CommandGrammar.commands, values: CompletionValues(state: state))
    #expect(
      completer.completions(after: ["template"], prefix: "").map(\.word) == ["save", "apply", "rm"])
    #expect(
      completer.completions(after: ["template", "apply"], prefix: "").map(\.word) == ["one", "two"])
    #expect(
      completer.completions(after: ["template", "apply", "one"], prefix: "").map(\.word).prefix(1)
        == ["x="])
    #expect(
      completer.completions(after: ["template", "save", "t"], prefix: "--").map(\.word) == [
        "--node", "--force",
      ])
  }
}
