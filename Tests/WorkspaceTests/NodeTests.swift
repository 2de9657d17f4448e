import PaneRouter
import Testing

@testable import Workspace

/// A node as a value: each kind holds exactly its parts, a copy never sees a change made to
/// another copy, and equality compares what the node holds, not where it is kept.
@Suite struct NodeTests {
  static let router = RouterState(root: RouteToken(name: "inbox"))

  /// One node of each kind, built by its factory, with what it reads back.
  static let kinds: [(node: Node, kind: Node.Kind, children: [NodeID], slots: String)] = [
    (.pane(NodeID(1), title: "Mail", router: router), .pane, [], "Mail"),
    (
      .split(NodeID(2), axis: .vertical, children: [NodeID(3), NodeID(4)], weights: [0.25, 0.75]),
      .split(.vertical), [NodeID(3), NodeID(4)], "[0.25, 0.75]"
    ),
    (
      .tabs(NodeID(5), children: [NodeID(6)], titles: ["One"], activeIndex: 0, router: router),
      .tabs, [NodeID(6)], "[\"One\"]"
    ),
    (.unknown(NodeID(7), kind: "canvas"), .unknown("canvas"), [], ""),
    (
      .stack(NodeID(8), axis: .vertical, children: [NodeID(9), NodeID(10)], activeIndex: 1),
      .stack(.vertical), [NodeID(9), NodeID(10)], "2"
    ),
  ]

  @Test(arguments: kinds)
  func eachFactoryBuildsItsKindWithExactlyItsParts(
    _ example: (node: Node, kind: Node.Kind, children: [NodeID], slots: String)
  ) {
    let node = example.node
    #expect(node.kind == example.kind)
    #expect(node.children == example.children)
    switch node.content {
    case .pane(let title, let router):
      #expect(title == example.slots)
      #expect(router == Self.router)
    case .split(_, let children):
      #expect("\(children.slots)" == example.slots)
      #expect(node.tabTitles.isEmpty && node.title.isEmpty)
    case .tabs(let children):
      #expect("\(children.slots.map(\.title))" == example.slots)
      #expect(children.slots.allSatisfy { $0.floating == FloatingLayer() })
      #expect(node.weights.isEmpty && node.title.isEmpty)
      #expect(node.router == Self.router)
    case .stack(let axis, let children):
      #expect("\(children.count)" == example.slots && node.activeIndex == 1)
      #expect(node.stackAxis == axis && node.axis == nil)
      #expect(node.weights.isEmpty && node.tabTitles.isEmpty && node.title.isEmpty)
    case .unknown:
      #expect(node.router == nil && node.weights.isEmpty && node.tabTitles.isEmpty)
    }
  }

  /// Every change a tree edit makes, each applied to a copy.
  static let changes: [(name: String, change: @Sendable (inout Node) -> Void)] = [
    ("parent", { $0.parent = NodeID(99) }),
    ("title", { $0.setTitle("Other") }),
    ("router", { $0.setRouter(RouterState(root: RouteToken(name: "outbox"))) }),
  ]

  @Test(arguments: changes.map(\.name))
  func aChangeToACopyLeavesTheOriginal(_ name: String) {
    let original = Node.pane(NodeID(1), title: "Mail", router: Self.router, parent: NodeID(2))
    var copy = original
    Self.changes.first { $0.name == name }!.change(&copy)
    #expect(copy != original)
    #expect(original.title == "Mail")
    #expect(original.parent == NodeID(2))
    #expect(original.router == Self.router)
  }

  @Test func changingAContainersChildrenInACopyLeavesTheOriginal() {
    let original = Node.split(
      NodeID(1), axis: .horizontal, children: [NodeID(2), NodeID(3)], weights: [0.5, 0.5])
    var copy = original
    copy.changeSplit { children in
      children.insert(NodeID(4), 0.5, at: 2)
      children.setSlots([0.25, 0.25, 0.5])
      children.activeIndex = 2
    }
    #expect(copy.children == [NodeID(2), NodeID(3), NodeID(4)])
    #expect(copy.weights == [0.25, 0.25, 0.5])
    #expect(copy.activeChild == NodeID(4))
    #expect(original.children == [NodeID(2), NodeID(3)])
    #expect(original.weights == [0.5, 0.5])
    #expect(original.activeChild == NodeID(2))
  }

  @Test func nodesBuiltApartWithTheSamePartsAreEqual() {
    let build = {
      Node.tabs(NodeID(5), children: [NodeID(6), NodeID(7)], titles: ["A", "B"], activeIndex: 1)
    }
    #expect(build() == build())
    var renamed = build()
    renamed.changeTabs { $0.setTitle("C", at: 1) }
    #expect(renamed != build())
    renamed.changeTabs { $0.setTitle("B", at: 1) }
    #expect(renamed == build())
  }
}
