import Foundation
import Testing

/// `wsctl finish ROUTE` and `wsctl at %ID finish ROUTE`: a modal flow finishes with a result,
/// as a script or a deep link finishes it, checked on the saved file and the JSON report.
@Suite struct FinishCommandTests {
  @Test(arguments: [["finish", "attachment:3"], ["at", "%3", "finish", "attachment:3"]])
  func finishClosesTheFlowAndReportsTheResultWithThePresenter(words: [String]) async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "a", "present", "sheet", "picker", "push", "page:2")
    let report = try await sandbox.succeed(["--json"] + words).stdout
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])
    let results = try #require(json["results"] as? [[String: Any]])
    #expect(results.count == 1)
    #expect(results.first?["node"] as? Int == 3)
    #expect(results.first?["result"] as? String == "attachment:3")
    #expect(json["saved"] as? Bool == true)
    #expect(
      try await sandbox.succeed("routes").stdout
        == "%3 'Inbox' router token\n  0 inbox\n  1 a (top)\n")
  }

  @Test func aReportWithoutFinishHasNoResults() async throws {
    let sandbox = try Sandbox()
    let report = try await sandbox.succeed("--json", "push", "a").stdout
    #expect(!report.contains("results"))
  }

  @Test(arguments: [[], ["push", "a"]])
  func finishWithNoPresentedFlowIsRefusedAndTheFileIsUntouched(setup: [String]) async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed(["push", "x"] + setup)
    let before = sandbox.bytes("workspace.json")
    let message = try await sandbox.fail("finish", "attachment:3", status: 1)
    #expect(message == "wsctl: finish attachment:3 rejected: no modal is presented at word 1")
    #expect(sandbox.bytes("workspace.json") == before)
  }

  @Test func aFlowFinishesOnceAndTheWholeCallIsRefused() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("present", "cover", "wizard")
    let before = sandbox.bytes("workspace.json")
    let message = try await sandbox.fail("finish", "a", "finish", "b", status: 1)
    #expect(message == "wsctl: finish b rejected: no modal is presented at word 3")
    #expect(sandbox.bytes("workspace.json") == before)
  }

  @Test(arguments: [
    (["finish"], "wsctl: 'finish' needs a route at word 2"),
    (["finish", "undo"], "wsctl: 'finish' needs a route at word 2"),
    (["finish", "9bad"], "9bad"),
    (["finish", "a", "b"], "'b'"),
  ])
  func aMalformedFinishIsAUsageError(words: [String], fragment: String) async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("present", "sheet", "picker")
    let before = sandbox.bytes("workspace.json")
    let message = try await sandbox.fail(words, status: 64)
    #expect(message.contains(fragment), "\(message)")
    #expect(sandbox.bytes("workspace.json") == before)
  }

  @Test func undoBringsTheFlowBackAndRedoClosesIt() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("present", "sheet", "picker", "push", "page:2")
    let presented = try await sandbox.succeed("routes").stdout
    try await sandbox.succeed("finish", "attachment:3")
    #expect(try await sandbox.succeed("history").stdout.contains("finish attachment:3"))
    try await sandbox.succeed("undo")
    #expect(try await sandbox.succeed("routes").stdout == presented)
    try await sandbox.succeed("redo")
    #expect(
      try await sandbox.succeed("routes").stdout == "%3 'Inbox' router token\n  0 inbox (top)\n")
  }

  @Test func aDeepLinkFinishesAFlow() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("present", "sheet", "picker")
    let report = try await sandbox.succeed(
      "--json", "open", "myapp://workspace/finish/attachment:3"
    )
    .stdout
    #expect(report.contains("\"result\": \"attachment:3\""), "\(report)")
  }

  @Test func theFileRecordsNoResult() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("present", "sheet", "picker")
    try await sandbox.succeed("finish", "attachment:3")
    let file = try #require(sandbox.text("workspace.json"))
    #expect(!file.contains("attachment:3") || file.contains("\"finish attachment:3\""))
    #expect(!file.contains("\"result"))
  }
}
