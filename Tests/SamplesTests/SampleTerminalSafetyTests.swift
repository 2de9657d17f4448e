import Foundation
import Testing
import Workspace
import WorkspaceTestSupport

/// The samples never send text from a file or a command line raw to the terminal (SPEC §6):
/// `wsterm`'s frame and `MailHost`'s output and errors escape control characters, escape
/// sequences and bidirectional overrides in titles, tab titles, tokens and messages.
@Suite struct SampleTerminalSafetyTests {
  static let hostileFile = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/terminal/hostile-text.json")

  /// Whether a scalar may not reach a terminal (``Workspace/TerminalText/needsEscape(_:)``,
  /// whose set `TerminalTextTests` pins down), except the output's own line feeds.
  static func drivesTheTerminal(_ scalar: Unicode.Scalar) -> Bool {
    scalar != "\n" && TerminalText.needsEscape(scalar)
  }

  private func expectSafe(
    _ result: SampleProcess.Result, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for text in [result.stdout, result.stderr] {
      let raw = text.unicodeScalars.filter(Self.drivesTheTerminal).map(\.value)
      #expect(raw.isEmpty, "\(raw) in \(text)", sourceLocation: sourceLocation)
    }
  }

  private func hostileCopy(in directory: TemporaryDirectory) throws -> String {
    let file = directory.file("hostile.json")
    try FileManager.default.copyItem(atPath: Self.hostileFile.path, toPath: file)
    return file
  }

  @Test(arguments: ["80x10", "40x6", "12x4"])
  func wstermFramesEscapeHostileText(size: String) async throws {
    let directory = TemporaryDirectory()
    let file = try hostileCopy(in: directory)
    let result = try await SampleProcess(name: "wsterm").run(["-f", file, "--frame", size])
    #expect(result.status == 0, "\(result.stderr)")
    expectSafe(result)
    let height = Int(size.split(separator: "x")[1])!
    #expect(result.lines.count == height + 1)
  }

  @Test func wstermShowsTheEscapes() async throws {
    let directory = TemporaryDirectory()
    let file = try hostileCopy(in: directory)
    let result = try await SampleProcess(name: "wsterm").run(["-f", file, "--frame", "120x6"])
    #expect(result.lines[0].hasPrefix(" 1:\\u{1B}]0;owned\\u{7}tab\\none* "), "\(result.stdout)")
    #expect(result.lines[1].contains("┏ 1* \\u{1B}[2J\\u{1B}[HPWNED\\n\\u{0}\\u{7}"))
  }

  @Test func wstermErrorsAreEscaped() async throws {
    let result = try await SampleProcess(name: "wsterm").run(["--frame", "\u{1B}[2J\u{202E}"])
    #expect(result.status == 64)
    expectSafe(result)
    #expect(result.stderr.contains("'\\u{1B}[2J\\u{202E}'"))
  }

  @Test func mailHostEscapesTitlesAndErrors() async throws {
    let directory = TemporaryDirectory()
    let file = try hostileCopy(in: directory)
    let result = try await SampleProcess(name: "MailHost").run(
      ["-f", file], input: "show\nrename \u{1B}]0;x\u{7}\u{9B}\nshow\nfocus \u{1B}[2J\n")
    expectSafe(result)
    #expect(result.stdout.contains("\\u{1B}[2J\\u{1B}[HPWNED\\n"), "\(result.stdout)")
    #expect(result.stdout.contains("\\u{1B}]0;x\\u{7}\\u{9B}"), "\(result.stdout)")
    // One line per pane: the hostile title's newline is not a line break.
    let panes = result.lines.filter { $0.hasPrefix("  1* ") || $0.hasPrefix("  2  ") }
    #expect(panes.count == 4, "\(result.stdout)")
    #expect(result.stdout.contains("error: invalid argument '\\u{1B}[2J' at word 2"))
  }
}
