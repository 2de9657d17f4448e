import Foundation
import Testing
import Workspace
import WorkspaceJSON
import WorkspaceTestSupport

/// `wsctl watch` with no live host: it follows the file, and each line names what changed,
/// in a live host's line format — the commands' words from the file's undo history, else
/// `adopted revision N:` and the difference.
@MainActor
@Suite struct WatchFileTests {
  /// A file of the example workspace and a `wsctl watch` following it, which has printed the
  /// file's last change; pane 1 (%3) is focused.
  private func watchedFile(json: Bool) async throws -> (SessionDirectory, WatchProcess) {
    let directory = SessionDirectory()
    try WorkspaceStore(path: directory.file).save(.example)
    let watch = try WatchProcess(json ? ["--json"] : [], in: directory.path)
    // The watcher starts watching a moment after it starts: change the file until it tells.
    var edits = 0
    while watch.lines.isEmpty, edits < 200 {
      let focus = edits % 2 == 0 ? "2" : "1"
      _ = try await wsctl(["-f", "w.json", "focus", focus], in: directory.path)
      edits += 1
    }
    _ = try await wsctl(["-f", "w.json", "focus", "1"], in: directory.path)
    // Caught up with the last of those edits: its revision is the file's.
    let revision = try directory.stored().revision
    #expect(
      await eventually(within: 30) {
        watch.lines.last?.contains(json ? "\"revision\":\(revision)," : "revision \(revision):")
          == true
      })
    return (directory, watch)
  }

  /// Runs `wsctl -f w.json WORDS...` and returns the one line the watcher prints for it.
  private func line(
    after words: [String], _ directory: SessionDirectory, _ watch: WatchProcess
  ) async throws -> String? {
    let seen = watch.lines.count
    let run = try await wsctl(["-f", "w.json"] + words, in: directory.path)
    #expect(run.exitCode == 0, "\(run.errors)")
    return await nextLine(after: seen, watch)
  }

  private func nextLine(after seen: Int, _ watch: WatchProcess) async -> String? {
    guard await eventually(within: 30, { watch.lines.count > seen }) else { return nil }
    #expect(watch.lines.count == seen + 1, "\(watch.lines.suffix(from: seen))")
    return watch.lines[seen]
  }

  /// Edits the file by hand, as an editor saves it (a new file renamed over the old one).
  private func handEdit(
    _ directory: SessionDirectory, replacing old: String, with new: String
  ) throws {
    let text = try String(contentsOfFile: directory.file, encoding: .utf8)
    #expect(text.contains(old))
    try Data(text.replacingOccurrences(of: old, with: new).utf8)
      .write(to: URL(fileURLWithPath: directory.file), options: .atomic)
  }

  @Test func eachLineNamesTheCommandsOrDescribesAHandEdit() async throws {
    let (directory, watch) = try await watchedFile(json: false)
    #expect(try await line(after: ["push", "detail:9"], directory, watch) == "push detail:9")
    #expect(try await line(after: ["split", "h"], directory, watch) == "split h")
    #expect(try await line(after: ["undo"], directory, watch) == "undo")
    #expect(try await line(after: ["redo"], directory, watch) == "redo")
    #expect(
      try await line(after: ["focus", "%4", "push", "detail:7"], directory, watch)
        == "focus %4 push detail:7")
    // A hand edit: no history entry tells it, so the line describes the difference.
    let revision = try directory.stored().revision
    let seen = watch.lines.count
    try handEdit(directory, replacing: "\"detail:7\"", with: "\"detail:8\"")
    #expect(
      await nextLine(after: seen, watch)
        == "adopted revision \(revision): %4 router detail:7 -> detail:8; changed %4")
    watch.process.interrupt()
    #expect(await watch.exitCode() == 0)
  }

  @Test func jsonLinesHaveAHostsFieldsAndTheDifference() async throws {
    let (directory, watch) = try await watchedFile(json: true)
    let pushed = try #require(try await line(after: ["push", "detail:9"], directory, watch))
    let revision = try directory.stored().revision
    let focus = 3
    #expect(
      pushed.hasPrefix(
        "{\"origin\":\"adopted\",\"revision\":\(revision),\"commands\":[\"push detail:9\"],"
          + "\"focus\":\(focus),\"focusBefore\":\(focus),\"changed\":[\(focus)],"
          + "\"conflicts\":[],\"history\":\"recorded\","))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(pushed.utf8)) as? [String: Any])
    let routers = try #require(object["routers"] as? [[String: Any]])
    #expect(routers.count == 1)
    #expect(routers.first?["node"] as? Int == focus)
    let after = try #require(routers.first?["after"] as? [String: Any])
    #expect((after["stack"] as? [String])?.last == "detail:9")
    #expect(object["differences"] as? [String] != nil)

    let seen = watch.lines.count
    try handEdit(directory, replacing: "\"detail:9\"", with: "\"detail:8\"")
    let edited = try #require(await nextLine(after: seen, watch))
    let hand = try #require(
      try JSONSerialization.jsonObject(with: Data(edited.utf8)) as? [String: Any])
    #expect(hand["commands"] as? [String] == [])
    #expect(hand["history"] is NSNull)
    #expect(
      hand["differences"] as? [String] == ["%3 router detail:9 -> detail:8", "changed %3"])
    watch.process.interrupt()
    #expect(await watch.exitCode() == 0)
  }
}
