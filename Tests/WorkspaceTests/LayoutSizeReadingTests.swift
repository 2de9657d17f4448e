import PaneRouter
import Testing

@testable import Workspace

/// `WorkspaceCommand.mayReadLayoutSize` says which commands apply the same whatever the area
/// they measure in: file mode works out no area for a batch of commands that do not, so a
/// command wrongly said not to read it would act on a size nobody gave.
@Suite struct LayoutSizeReadingTests {
  /// The area of a large terminal, and one too small for any split.
  static let areas = [Size(width: 200, height: 60), Size(width: 7, height: 4)]

  /// `commands` applied to `state` measuring in `area`: the state, or the error's text.
  static func outcome(
    of commands: [WorkspaceCommand], on state: WorkspaceState, in area: Size
  ) -> String {
    var state = state
    var failedIndex: Int?
    do {
      try state.apply(commands, failedIndex: &failedIndex, measuringIn: area)
      state.checkInvariants()
      return "\(state.nodes.count) \(state.focusedPane) \(state)"
    } catch {
      return "\(error)"
    }
  }

  static let notReading: [WorkspaceCommand] = [
    .route(.push([RouteToken("detail", 7)])), .route(.pop(count: 1)), .rename("x"), .renameTab("y"),
    .selectTab(.number(2)), .selectTab(.next), .selectTab(.previous), .selectTab(.last),
    .focus(.pane(.number(3))), .focus(.pane(.number(9))), .focus(.next), .focus(.previous),
    .focus(.last),
  ]

  @Test(arguments: notReading)
  func aCommandThatDoesNotReadTheSizeAppliesAlikeInEveryArea(command: WorkspaceCommand) {
    #expect(!command.mayReadLayoutSize)
    for state in [grid(), threeTabs(selected: 1)] {
      let outcomes = Self.areas.map { Self.outcome(of: [command], on: state, in: $0) }
      #expect(outcomes[0] == outcomes[1], "\(command) on \(state)")
    }
  }

  /// The check can tell: commands that measure act differently in the two areas.
  @Test(arguments: [
    WorkspaceCommand.split(.horizontal), .split(.vertical), .focus(.direction(.right)),
  ])
  func aCommandThatReadsTheSizeIsSaidToAndActsOnIt(command: WorkspaceCommand) {
    #expect(command.mayReadLayoutSize)
    let outcomes = Self.areas.map { Self.outcome(of: [command], on: grid(), in: $0) }
    #expect(outcomes[0] != outcomes[1], "\(command)")
  }
}
