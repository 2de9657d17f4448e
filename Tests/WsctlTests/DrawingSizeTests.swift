import Foundation
import Testing
import Workspace

/// Every size `show` draws at is bounded (SPEC §6): `--size` out of range is a usage error
/// naming it; `COLUMNS` and `LINES` beyond the bound are clamped to it, and values that are
/// not positive integers are ignored (the terminal's size, else 80×24, is used); the last
/// line is left for the prompt. (Colour, which `--size` does not change, is tested with the
/// pictures in `ShowGoldenTests`.)
@Suite struct DrawingSizeTests {
  @Test(arguments: [
    ("100000", "100000", 1000, 999), ("99999999999999999999999", "5", 1000, 4),
    ("1000", "1001", 1000, 999), ("abc", "12", 80, 11), ("-5", "0", 80, 23), ("0", "x", 80, 23),
    ("", "", 80, 23), ("40", "6", 40, 5),
  ])
  func columnsAndLinesAreClampedOrIgnored(
    columns: String, lines: String, width: Int, height: Int
  ) async throws {
    let sandbox = try Sandbox()
    let show = try await sandbox.succeed("show", environment: ["COLUMNS": columns, "LINES": lines])
    #expect(show.stdoutLines.count == height)
    let widths = show.stdoutLines.map { TerminalText.width(of: $0) }
    #expect(widths.max() == width, "\(show.stdoutLines.prefix(3))")
  }

  @Test(arguments: [
    "1001x5", "5x1001", "100000x100000", "0x5", "5x0", "-1x5", "99999999999999999999x5",
  ])
  func anOutOfRangeSizeIsAUsageErrorNamingIt(size: String) async throws {
    let sandbox = try Sandbox()
    let line = try await sandbox.fail("show", "--size", size, status: 64)
    #expect(line.contains("invalid size '\(size)' at word 3"), "\(line)")
    #expect(line.contains("each from 1 to 1000"))
  }

  @Test func theLargestSizeDraws() async throws {
    let sandbox = try Sandbox()
    let show = try await sandbox.succeed("show", "--size", "1000x1000")
    #expect(show.stdoutLines.count == 1000)
  }
}
