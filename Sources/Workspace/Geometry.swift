/// A size in whole cells or points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  /// The width.
  public var width: Int
  /// The height.
  public var height: Int

  /// Creates a size.
  ///
  /// - Parameters:
  ///   - width: The width (negative values are treated as 0 by layout).
  ///   - height: The height (negative values are treated as 0 by layout).
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// The `WxH` form, such as `80x24`.
  public var description: String { "\(width)x\(height)" }

  /// Parses the `WxH` form, such as `80x24`.
  ///
  /// - Parameter text: Two non-negative integers joined by `x`.
  public init?(parsing text: some StringProtocol) {
    let parts = text.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
      width >= 0, height >= 0, parts.allSatisfy({ $0.allSatisfy(\.isASCII) })
    else { return nil }
    self.init(width: width, height: height)
  }
}

/// A rectangle in whole cells or points; the origin is the top-left corner.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  /// The left edge.
  public var x: Int
  /// The top edge.
  public var y: Int
  /// The width.
  public var width: Int
  /// The height.
  public var height: Int

  /// Creates a rectangle.
  ///
  /// - Parameters:
  ///   - x: The left edge.
  ///   - y: The top edge.
  ///   - width: The width.
  ///   - height: The height.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The right edge (exclusive).
  public var maxX: Int { x + width }
  /// The bottom edge (exclusive).
  public var maxY: Int { y + height }
  /// The area.
  public var area: Int { width * height }
  /// The width and height.
  public var size: Size { Size(width: width, height: height) }

  /// The `WxH+X+Y` form, such as `40x24+0+0`.
  public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}

/// A rectangle in fractions of the whole area, for size-independent ordering and neighbours.
struct UnitRect: Hashable, Sendable {
  var x: Double
  var y: Double
  var width: Double
  var height: Double

  var maxX: Double { x + width }
  var maxY: Double { y + height }
}

extension WorkspaceState {
  /// Every visible pane with its rectangle, in tree order: walks the visible tree from the
  /// root (every child of a split, the selected child of a tabs container, every member of a
  /// stack), handing each split's and stack's rectangle to `divide` for its children's. A
  /// collapsed member of a stack (any member but the expanded one) is a title bar: the pane
  /// its active children lead to gets the member's whole rectangle, and the member's other
  /// panes are hidden, as a tab's are behind the selected one. A zoomed pane gets `whole`
  /// alone unless `honoringZoom` is `false`; with `includingContainers`, every visible split,
  /// tabs container and stack is listed too, before what it holds; without
  /// `includingCollapsed`, title bars and what they stand for are left out.
  ///
  /// - Complexity: O(*v*) plus the cost of `divide`, where *v* is the number of visible nodes.
  func visibleRectangles<Area>(
    whole: Area, honoringZoom: Bool, includingContainers: Bool = false,
    includingCollapsed: Bool = true, divide: (Node, Area) -> [Area]
  ) -> [(pane: NodeID, rect: Area)] {
    if honoringZoom, let zoomedPane { return [(zoomedPane, whole)] }
    var result: [(pane: NodeID, rect: Area)] = []
    var pending = [(rootID, whole, false)]
    while let (id, rect, isCollapsed) = pending.popLast() {
      let node = self[id]
      if isCollapsed, !includingCollapsed { continue }
      if includingContainers, !node.isPane { result.append((id, rect)) }
      switch node.kind {
      case .pane: result.append((id, rect))
      case .unknown: break
      case _ where isCollapsed:
        if let pane = titledPane(of: id) { result.append((pane, rect)) }
      case .tabs: if let child = node.activeChild { pending.append((child, rect, false)) }
      case .split:
        pending.append(
          contentsOf: zip(node.children, divide(node, rect)).map { ($0, $1, false) }.reversed())
      case .stack:
        let active = node.activeIndex
        pending.append(
          contentsOf: zip(node.children, divide(node, rect)).enumerated().map {
            ($1.0, $1.1, $0 != active)
          }.reversed())
      }
    }
    return result
  }

  /// The visible panes with their rectangles in the unit square, in tree order; a zoomed
  /// pane fills the square alone unless `honoringZoom` is `false`. A stack's members share
  /// its rectangle equally here, whichever is expanded, so the order of numbers does not
  /// change as focus moves through a stack.
  ///
  /// - Complexity: O(*v*), where *v* is the number of visible nodes.
  func unitLayout(honoringZoom: Bool = true) -> [(pane: NodeID, rect: UnitRect)] {
    let whole = UnitRect(x: 0, y: 0, width: 1, height: 1)
    return visibleRectangles(whole: whole, honoringZoom: honoringZoom, divide: Self.unitDivide)
  }
}
