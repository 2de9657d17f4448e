/// A tab's floating panes: panes drawn above the tiled ones, each at a rectangle given in
/// fractions of the tab's area, in an order (the last is on top), as Zellij's floating panes
/// and i3's floating windows.
///
/// A layer belongs to one tab: it is kept in the tab's slot of its tabs container
/// (``TabSlot``), so it stays with the tab whatever happens to the tab's tiled tree (a split
/// that collapses gives the tab another root node, never another slot). A floating pane's
/// ``Node/parent`` is that tabs container, so its ancestors are its tab's, and the nearest
/// router above it is the one above its tab.
///
/// The layer can be hidden (Zellij's toggle of the floating panes, `float hide`): then only its
/// pinned panes are drawn, numbered and focusable.
public struct FloatingLayer: Equatable, Sendable {
  /// The floating panes, bottom to top: the last is drawn over the others.
  public package(set) var panes: [FloatingPane]
  /// Whether focus is in the layer when its tab is active: the top visible pane is then the
  /// focused pane.
  public package(set) var isFocused: Bool
  /// Whether the layer is hidden: only its pinned panes are shown.
  public package(set) var isHidden: Bool
  /// Members of the stored layer this version does not understand.
  public package(set) var unknownMembers = UnknownMembers()

  /// A layer with its panes (bottom to top), focus and visibility.
  public init(_ panes: [FloatingPane] = [], isFocused: Bool = false, isHidden: Bool = false) {
    self.panes = panes
    self.isFocused = isFocused
    self.isHidden = isHidden
  }

  /// Whether the layer holds no pane.
  public var isEmpty: Bool { panes.isEmpty }

  /// The ids of the layer's panes, bottom to top.
  public var ids: [NodeID] { panes.map(\.id) }

  /// The panes shown, bottom to top: all of them, or only the pinned ones while the layer is
  /// hidden.
  public var shownPanes: [FloatingPane] {
    isHidden ? panes.filter(\.isPinned) : panes
  }

  /// The top shown pane: the focused pane while focus is in the layer.
  public var top: NodeID? { shownPanes.last?.id }

  /// Puts focus on `pane`, raised to the top and shown (the layer is shown unless the pane
  /// is pinned), or with `nil` takes focus out of the layer.
  mutating func focus(_ pane: NodeID?) {
    guard let pane, let index = index(of: pane) else {
      isFocused = false
      return
    }
    panes.append(panes.remove(at: index))
    if !panes[panes.count - 1].isPinned { isHidden = false }
    isFocused = true
  }

  /// The index in ``panes`` of a pane, or `nil`.
  func index(of id: NodeID) -> Int? {
    panes.firstIndex { $0.id == id }
  }
}

/// One floating pane of a ``FloatingLayer``: its id, its rectangle and whether it is pinned.
public struct FloatingPane: Equatable, Sendable {
  /// The pane's id.
  public package(set) var id: NodeID
  /// Its rectangle in fractions of the tab's area.
  public package(set) var frame: FloatingFrame
  /// Whether it stays shown while its layer is hidden (Zellij's pinned floating panes).
  public package(set) var isPinned: Bool
  /// Members of the stored floating pane this version does not understand.
  public package(set) var unknownMembers = UnknownMembers()

  /// A floating pane.
  public init(_ id: NodeID, frame: FloatingFrame = .centred, isPinned: Bool = false) {
    self.id = id
    self.frame = frame
    self.isPinned = isPinned
  }
}

/// A rectangle in fractions of a tab's area, so a file restored at another size still fits:
/// `x` and `y` in 0…1, `width` and `height` in 0…1 and greater than 0, and the rectangle
/// inside the unit square.
public struct FloatingFrame: Equatable, Sendable, CustomStringConvertible {
  /// The left edge, a fraction of the tab's width.
  public var x: Double
  /// The top edge, a fraction of the tab's height.
  public var y: Double
  /// The width, a fraction of the tab's width.
  public var width: Double
  /// The height, a fraction of the tab's height.
  public var height: Double

  /// A frame from its fractions.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The frame a pane gets when it floats: centred, half the tab's width and height.
  public static let centred = FloatingFrame(x: 0.25, y: 0.25, width: 0.5, height: 0.5)

  /// Whether every fraction is finite, the size positive and the rectangle inside the unit
  /// square (within 10⁻⁹).
  public var isValid: Bool {
    let tolerance = 1e-9
    return [x, y, width, height].allSatisfy(\.isFinite) && x >= 0 && y >= 0 && width > 0
      && height > 0 && x + width <= 1 + tolerance && y + height <= 1 + tolerance
  }

  /// `0.25,0.25 0.5x0.5`.
  public var description: String { "\(x),\(y) \(width)x\(height)" }

  /// The frame's integer rectangle in `area`: each edge rounded to the nearest cell, at least
  /// one cell wide and high where the area has one, and clipped inside the area.
  ///
  /// - Complexity: O(1).
  public func rect(in area: Rect) -> Rect {
    func edge(_ fraction: Double, _ length: Int) -> Int {
      let value = (fraction * Double(length)).rounded()
      return value.isFinite ? min(length, max(0, Int(value))) : 0
    }
    let left = edge(x, area.width)
    let top = edge(y, area.height)
    var right = edge(x + width, area.width)
    var bottom = edge(y + height, area.height)
    if right <= left { right = min(area.width, left + 1) }
    if bottom <= top { bottom = min(area.height, top + 1) }
    let clippedLeft = min(left, max(0, right - 1))
    let clippedTop = min(top, max(0, bottom - 1))
    return Rect(
      x: area.x + clippedLeft, y: area.y + clippedTop, width: max(0, right - clippedLeft),
      height: max(0, bottom - clippedTop))
  }

  /// The frame of an integer rectangle inside an area of `size`.
  static func of(_ rect: Rect, in size: Size) -> FloatingFrame {
    let width = Double(max(1, size.width))
    let height = Double(max(1, size.height))
    return FloatingFrame(
      x: Double(rect.x) / width, y: Double(rect.y) / height, width: Double(rect.width) / width,
      height: Double(rect.height) / height)
  }
}

/// One tab of a tabs container: its title and its floating panes.
public struct TabSlot: Equatable, Sendable {
  /// The tab's title.
  public package(set) var title: String
  /// The tab's floating panes.
  public package(set) var floating: FloatingLayer

  /// A tab's slot.
  public init(_ title: String, floating: FloatingLayer = FloatingLayer()) {
    self.title = title
    self.floating = floating
  }
}
