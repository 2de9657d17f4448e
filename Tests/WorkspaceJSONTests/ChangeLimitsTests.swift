import PaneRouter
import Testing
import Workspace
import WorkspaceJSON
import WorkspaceTestSupport

/// A host's check before a change applies looks at what the change touched, and encodes the
/// whole state only where it could find something: it must refuse exactly what the full
/// check refuses.
@Suite struct ChangeLimitsTests {
  /// Small limits, so that random commands reach each one often; a file size no command
  /// here reaches (a save, not a change, refuses that one).
  static let limits = WorkspaceFileLimits(
    maximumFileBytes: 64 << 20, maximumTreeDepth: 5, maximumNodes: 40, maximumStringBytes: 96,
    maximumStackDepth: 4)

  /// A random command of the kinds that can break a limit: long or escaping titles and
  /// tokens, deep pushes, splits, tabs, templates.
  static func command(_ random: inout SeededGenerator) -> [WorkspaceCommand] {
    let text = { (random: inout SeededGenerator) -> String in
      let length = Int.random(in: 0..<40, using: &random)
      let escaping = Bool.random(using: &random)
      return String(repeating: escaping ? "\u{01}" : "a", count: length) + "t"
    }
    switch Int.random(in: 0..<11, using: &random) {
    case 0: return [.rename(text(&random))]
    case 1: return [.renameTab(text(&random))]
    case 2, 10:
      let token = RouteToken(
        name: "r",
        arguments: [
          String(
            repeating: "b",
            count: Int.random(in: 0..<(Bool.random(using: &random) ? 8 : 30), using: &random))
        ])
      return [.route(.push([token]))]
    case 3: return [.split(Bool.random(using: &random) ? .horizontal : .vertical)]
    case 4: return [.newTab(title: text(&random), root: "n")]
    case 5: return [.close(nil)]
    case 6:
      return [
        .saveTemplate("t\(Int.random(in: 0..<3, using: &random))", node: nil, replacing: true)
      ]
    case 7: return [.applyTemplate("t\(Int.random(in: 0..<3, using: &random))", parameters: [:])]
    case 8: return [.focus(.next)]
    default: return [.route(.pop(count: 1))]
    }
  }

  @Test(arguments: [UInt64(1), 2, 3, 4])
  func theScreenRefusesExactlyWhatTheFullCheckRefuses(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let store = WorkspaceStore(path: "w.json", limits: Self.limits)
    var state = WorkspaceState(.pane("A", untyped: RouteToken("a")))
    var refused = 0
    var applied = 0
    for _ in 0..<1_500 {
      var next = state
      guard let change = try? next.apply(Self.command(&random)) else { continue }
      let full: WorkspaceFileError?
      do {
        try store.checkLimits(next)
        full = nil
      } catch {
        full = error
      }
      let screened: WorkspaceFileError?
      do {
        try store.checkLimits(next, after: [change])
        screened = nil
      } catch {
        screened = error
      }
      #expect(screened == full, "\(change.commands)")
      if full == nil {
        state = next
        applied += 1
      } else {
        refused += 1
      }
    }
    // Both outcomes happen often: the test can tell a screen that lets a break through.
    #expect(refused > 50 && applied > 200, "refused \(refused), applied \(applied)")
  }

  @Test func aChangeFarFromEveryLimitDoesNotEncode() throws {
    // A state too deep for its limits (as a replaced one could be): the full check refuses
    // it, the screen of a change that touched none of it does not look.
    var state = WorkspaceState(.pane("A", untyped: RouteToken("a")))
    for _ in 0..<4 { try state.apply([.split(.horizontal), .split(.vertical)]) }
    let tight = WorkspaceFileLimits(
      maximumFileBytes: 64 << 20, maximumTreeDepth: 3, maximumNodes: 100,
      maximumStringBytes: 96, maximumStackDepth: 6)
    let store = WorkspaceStore(path: "w.json", limits: tight)
    #expect(throws: WorkspaceFileError.self) { try store.checkLimits(state) }
    let change = try state.apply(.zoom)
    #expect(throws: Never.self) { try store.checkLimits(state, after: [change]) }
  }
}
