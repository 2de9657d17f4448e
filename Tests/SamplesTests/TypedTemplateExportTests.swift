import Foundation
import PaneRouter
import Testing
import Workspace
import WorkspaceJSON

@testable import MailHost

/// A typed template built in code (`NodeTemplate.pane(_:root:of:)`, placeholders in an `Int`
/// argument) through `Workspace.addTemplate`, `wsctl template export`, and `--from` read back
/// by `wsctl` and by the running MailHost, whose route types check the filled routes.
@MainActor
@Suite struct TypedTemplateExportTests {
  let wsctl = SampleProcess(name: "wsctl")
  let mailHost = SampleProcess(name: "MailHost")

  /// A message beside a note: `message:{id}` (an `Int`) and `note:{name}`.
  private func readTemplate() throws -> WorkspaceTemplate {
    try WorkspaceTemplate(
      name: "read", title: "#{id}",
      root: .split(
        .horizontal,
        [
          .pane("#{id}", root: RouteToken("message", "{id}"), of: MailRoute.self),
          .pane("{name}", root: RouteToken("note", "{name}"), of: NoteRoute.self),
        ]))
  }

  @Test func aTypedTemplateRoundTripsThroughExportAndFrom() throws {
    let directory = try TemporaryDirectory()
    let file = directory.path("mail.json")
    let workspace = Workspace(MailLayout.initialState, routeTypes: MailLayout.routeTypes)
    try workspace.addTemplate(readTemplate())
    try Data(WorkspaceFile.encode(workspace.state)).write(to: URL(fileURLWithPath: file))

    let export = try wsctl.run(["-f", file, "template", "export", "t.json"], in: directory.url)
    #expect(export.status == 0, "\(export.errorOutput)")
    let library = try TemplatesFile.load(path: directory.path("t.json"))
    #expect(library["read"] == (try readTemplate()))
    #expect(library["read"]?.parameters == ["id", "name"])

    // Applied by wsctl on the file, the panes keep their kinds.
    let applied = try wsctl.run(
      ["-f", file, "--from", "t.json", "template", "apply", "read", "id=7", "name=x"],
      in: directory.url)
    #expect(applied.status == 0, "\(applied.errorOutput)")
    let state = try WorkspaceStore(path: file).load(default: MailLayout.initialState).state
    #expect(state.invariantViolations() == [])
    let panes = state.numberedPanes
    #expect(panes.map { state.node($0)?.router?.kind } == ["mail", "notes"])
    #expect(
      panes.map { state.node($0)?.router?.stack.stack.map(\.description) }
        == [["message:7"], ["note:x"]])
  }

  @Test func theRunningHostRefusesAValueItsTypeCannotReadNamingTheParameter() throws {
    let directory = try TemporaryDirectory()
    let file = directory.path("mail.json")
    let workspace = Workspace(MailLayout.initialState, routeTypes: MailLayout.routeTypes)
    try workspace.addTemplate(readTemplate())
    try TemplatesFile.write(workspace.templates, to: directory.path("t.json"))
    let input = """
      wsctl --from t.json template apply read id=abc name=x
      wsctl --from t.json template apply read id=8 name=x
      show

      """
    let result = try mailHost.run(["-f", file], input: input, in: directory.url)
    #expect(
      result.errorOutput.contains(
        "wsctl: invalid value 'abc' for 'id': mail route 'message:abc' takes one Int"),
      "\(result.errorOutput)")
    #expect(result.lines.contains("  wsctl exited 64"), "\(result.output)")
    #expect(result.lines.contains("  wsctl exited 0"), "\(result.output)")
    #expect(result.lines.contains("  1* #8         [.message(8)]"), "\(result.output)")
    #expect(result.lines.contains("  2  x          notes [.note(\"x\")]"), "\(result.output)")
  }
}
