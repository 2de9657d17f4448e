import PaneRouter
import Testing

@testable import Workspace

/// `WorkspaceCommand.mayReadLayoutSize` says which commands apply the same whatever the area
/// they measure in: file mode works out no area for a batch of commands that do not, so a
/// command wrongly said not to read it would act on a size nobody gave.
@Suite struct LayoutSizeReadingTests {
  /// The area of a large terminal, and one too small for any split.
  static let areas = [Size(width: 200, height: 60), Size(width: 7, height: 4)]

  /// What `commands` do to `state` measuring in `area`: the state they leave, or the error.
  enum Outcome: Equatable {
    case applied(WorkspaceState)
    case refused(String)
  }

  /// `commands` applied to `state` measuring in `area`. States compare with `==` (every
  /// member the file saves), never by their printed form, whose dictionary order is not
  /// the content's.
  static func outcome(
    of commands: [WorkspaceCommand], on state: WorkspaceState, in area: Size
  ) -> Outcome {
    var state = state
    var failedIndex: Int?
    do {
      try state.apply(commands, failedIndex: &failedIndex, measuringIn: area)
      state.checkInvariants()
      return .applied(state)
    } catch {
      return .refused("\(error)")
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
    WorkspaceCommand.split(.horizontal), .split(.vertical), .resizeByCells(.right, 2),
  ])
  func aCommandThatReadsTheSizeIsSaidToAndActsOnIt(command: WorkspaceCommand) {
    #expect(command.mayReadLayoutSize)
    let outcomes = Self.areas.map { Self.outcome(of: [command], on: grid(), in: $0) }
    #expect(outcomes[0] != outcomes[1], "\(command)")
  }

  /// Directional focus measures too, though on a grid it finds the same neighbour in both
  /// areas (an earlier form of the check above compared printed states, whose dictionary
  /// order made it pass by accident).
  @Test(arguments: Direction.allCases)
  func directionalFocusIsSaidToReadTheSize(direction: Direction) {
    #expect(WorkspaceCommand.focus(.direction(direction)).mayReadLayoutSize)
    #expect(WorkspaceCommand.focus(.direction(direction, wrapping: true)).mayReadLayoutSize)
  }
}
