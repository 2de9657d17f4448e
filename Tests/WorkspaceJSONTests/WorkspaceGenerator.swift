import PaneRouter
import WorkspaceTestSupport

@testable import Workspace

/// Builds random workspaces and commands from a seeded generator, for property tests.
struct WorkspaceGenerator {
  /// Titles that are awkward to escape or encode.
  static let titles = [
    "", "Inbox", "Detail", "quote \"x\"", "back\\slash", "tab\there", "line\nbreak", "ünïcödé",
    "😀👨‍👩‍👧", "\u{1}\u{1F}", "</script>", String(repeating: "long ", count: 40),
  ]

  /// Route tokens, some with arguments that need percent-encoding.
  static let tokens: [RouteToken] = [
    "inbox", "detail:7", "detail:8", "search:swift%20testing", "user:%C3%A9", "settings",
    "compose", "thread:42:reply", "a.b-c_d", "empty:",
  ]

  /// Kinds of router, registered or not.
  static let kinds = ["token", "mail", "calendar"]

  var random: SeededGenerator

  init(seed: UInt64) {
    random = SeededGenerator(seed: seed)
  }

  mutating func bool() -> Bool {
    Bool.random(using: &random)
  }

  mutating func int(_ range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &random)
  }

  mutating func element<T>(_ items: [T]) -> T {
    items.randomElement(using: &random)!
  }

  mutating func token() -> RouteToken {
    element(Self.tokens)
  }

  mutating func tokens(_ count: ClosedRange<Int>) -> [RouteToken] {
    (0..<int(count)).map { _ in token() }
  }

  /// A router with a random kind, stack, modal, depth limit and guard, and now and then
  /// quarantined tokens.
  mutating func router() -> RouterState {
    let maxDepth = bool() ? RouteStack<RouteToken>.defaultMaximumDepth : int(3...40)
    let routes = tokens(1...min(3, maxDepth))
    let modal = bool() ? nil : (style: element(ModalStyle.allCases), routes: tokens(1...2))
    let stack = try! RouteStack(
      routes: routes, modal: modal, maxDepth: maxDepth, rejectsDuplicateTop: int(0...3) != 0)
    let quarantined = int(0...3) != 0 ? [] : (0..<int(1...3)).map { _ in quarantinedRoute() }
    return RouterState(
      kind: element(Self.kinds), stack: stack, unknownMembers: UnknownMembers(),
      modalUnknownMembers: UnknownMembers(), quarantined: quarantined)
  }

  /// A quarantined token of a stack or a modal.
  mutating func quarantinedRoute() -> QuarantinedRoute {
    bool()
      ? QuarantinedRoute(token(), at: .stack(int(0...4)))
      : QuarantinedRoute(token(), at: .modal(int(0...2)), style: element(ModalStyle.allCases))
  }

  /// A random tree template, up to `depth` containers deep, a container if `isContainer`;
  /// with `floating`, a tab now and then has floating panes (random frames, pins, focus and
  /// visibility, as the live model allows them).
  mutating func template(depth: Int, isContainer: Bool = false, floating: Bool = false)
    -> NodeTemplate
  {
    guard depth > 0, isContainer || int(0...2) != 0 else {
      return .pane(element(Self.titles), router: router())
    }
    var node: NodeTemplate
    let kind = int(0...4)
    if kind <= 1 {
      let children = (0..<int(2...3)).map { _ in
        self.template(depth: depth - 1, floating: floating)
      }
      let weights = children.map { _ in Double(int(1...9)) / 4 }
      node = .split(element(Axis.allCases), children, weights: weights)
    } else if kind == 2 {
      let members = (0..<int(2...3)).map { _ in
        self.template(depth: depth - 1, floating: floating)
      }
      node = .stack(element(Axis.allCases), members, expanded: int(0...members.count - 1))
    } else {
      let tabs = (0..<int(1...3)).map { _ in
        let tab = self.template(depth: depth - 1, floating: floating)
        return (element(Self.titles), floating && bool() ? tab.floating(floatingLayer()) : tab)
      }
      node = .tabs(tabs, selected: int(0...tabs.count - 1))
    }
    return int(0...3) == 0 ? node.owning(router()) : node
  }

  /// A random floating layer of one to three panes.
  mutating func floatingLayer() -> FloatingLayerTemplate {
    let panes = (0..<int(1...3)).map { _ in
      let width = Double(int(1...10)) / 10
      let height = Double(int(1...10)) / 10
      let frame = FloatingFrame(
        x: Double(int(0...Int((1 - width) * 10))) / 10,
        y: Double(int(0...Int((1 - height) * 10))) / 10, width: width, height: height)
      return FloatingPaneTemplate(
        .pane(element(Self.titles), router: router()), frame: frame.isValid ? frame : .centred,
        isPinned: bool())
    }
    let isHidden = bool()
    let isFocused = bool() && (!isHidden || panes.contains(where: \.isPinned))
    return FloatingLayerTemplate(panes, isFocused: isFocused, isHidden: isHidden)
  }

  /// A random workspace: a random tree, sometimes with a smaller history or
  /// most-recently-used limit.
  mutating func state() -> WorkspaceState {
    var state = WorkspaceState(template(depth: 3, isContainer: true))
    if int(0...4) == 0 { state.history = History(limit: int(0...5)) }
    if int(0...4) == 0 { state.mostRecentlyUsedLimit = int(1...4) }
    return state
  }

  /// A random command, which the state may refuse.
  mutating func command(in state: WorkspaceState) -> WorkspaceCommand {
    let direction = element(Direction.allCases)
    switch int(0...25) {
    case 22: return element([.float, .float, .embed, .pinFloating(bool()), .showFloating(bool())])
    case 23:
      return bool()
        ? .moveFloating(direction, cells: int(1...8))
        : .resizeFloating(direction, cells: int(1...8))
    case 0:
      return .split(element(Axis.allCases), ratio: bool() ? nil : 0.3, root: bool() ? nil : token())
    case 1: return .route(.push(tokens(1...3)))
    case 2: return .route(.present(token(), style: element(ModalStyle.allCases)))
    case 3: return element([.route(.dismiss), .route(.pop(count: int(1...2))), .route(.popToRoot)])
    case 4: return .route(element([.replace(tokens(1...2)), .replaceCurrent(token())]))
    case 5: return .newTab(title: bool() ? nil : element(Self.titles), root: bool() ? nil : token())
    case 6: return .close(bool() ? nil : .number(int(1...3)))
    case 7:
      return .focus(
        element([
          .next, .previous, .last, .direction(direction), .direction(direction, wrapping: true),
        ]))
    case 8: return .zoom
    case 9: return .rename(element(Self.titles))
    case 10: return .renameTab(element(Self.titles))
    case 11: return .selectTab(element([.next, .previous, .last, .number(int(1...3))]))
    case 12:
      return bool()
        ? .resize(direction, amount: Double(int(1...6)) / 20)
        : .resizeByCells(direction, int(1...20))
    case 13: return .equalize
    case 14: return element([.swap(.direction(direction)), .move(direction)])
    case 15:
      return element([
        .moveTab(to: int(1...3)), .closeTab(bool() ? nil : int(1...3)), .reopen(int(1...2)),
      ])
    case 16: return .undo(count: int(1...2))
    case 17: return .redo(count: int(1...2))
    case 18:
      // An operation on a container's own router, when there is one.
      let owners = state.nodeIDs.filter {
        state.node($0)!.isContainer && state.node($0)!.router != nil
      }
      guard let owner = owners.first else { return .equalize }
      return .route(.push([token()]), at: owner)
    case 19:
      // Templates: saved with their titles as placeholders, applied with a value.
      return element([
        .saveTemplate(element(["t", "dépôt"]), replacing: bool()),
        .applyTemplate(element(["t", "dépôt"])),
        .rename("{x} \(element(Self.titles))"),
        .applyTemplate("t", parameters: ["x": element(Self.titles)]),
        .reconcileTemplate(element(["t", "dépôt"]), keepingOthers: bool()),
      ])
    case 20:
      // Marks, set on the focused pane or a target, and removed.
      return element([
        .mark(element(["editor", "tests"])), .at(.number(int(1...3)), .mark("log")), .unmark(),
      ])
    case 21: return element([.stack(), .stack(direction), .unstack])
    case 24:
      // Windows: opened, switched, closed (reopened by case 7's reopen), renamed, moved to.
      let number = int(1...3)
      return element([
        .newWindow(title: bool() ? nil : element(Self.titles), root: bool() ? nil : token()),
        .selectWindow(element([.next, .previous, .last, .number(number)])),
        .closeWindow(bool() ? nil : number), .renameWindow(element(Self.titles)),
        .movePaneToWindow(number), .moveTabToWindow(number), .inWindow(number, .zoom),
        .reopen(),
      ])
    default: return .split(element(Axis.allCases))
    }
  }
}
