/// Where floating panes are drawn: each shown floating pane of a visible tab at its frame's
/// rectangle in the tab's area, over the tiled panes.
extension WorkspaceState {
  /// The shown floating panes of every visible tab, in drawing order, with their rectangles
  /// in the unit square: an inner tabs container's before an outer one's (a tab's floating
  /// panes lie over everything in the tab), each layer bottom to top. None while a pane is
  /// zoomed, unless `honoringZoom` is `false`.
  ///
  /// - Complexity: O(*v*), where *v* is the number of visible nodes.
  func shownFloatingPanes(honoringZoom: Bool = false) -> [(pane: FloatingPane, rect: UnitRect)] {
    if honoringZoom, zoomedPane != nil { return [] }
    let whole = UnitRect(x: 0, y: 0, width: 1, height: 1)
    let containers = visibleRectangles(
      whole: whole, honoringZoom: false, includingContainers: true, divide: Self.unitDivide)
    return containers.reversed().flatMap { entry -> [(pane: FloatingPane, rect: UnitRect)] in
      guard let layer = activeLayer(of: entry.pane) else { return [] }
      return layer.shownPanes.map { pane in
        let frame = pane.frame
        let area = entry.rect
        return (
          pane,
          UnitRect(
            x: area.x + frame.x * area.width, y: area.y + frame.y * area.height,
            width: frame.width * area.width, height: frame.height * area.height)
        )
      }
    }
  }

  /// The shown floating panes of the visible tabs, in drawing order.
  var shownFloatingPanes: [(pane: FloatingPane, rect: UnitRect)] {
    shownFloatingPanes(honoringZoom: false)
  }

  /// The floating layer of the selected tab of a tabs container, or `nil` for another node.
  func activeLayer(of id: NodeID) -> FloatingLayer? {
    let node = self[id]
    guard node.kind == .tabs, node.activeChild != nil else { return nil }
    return node.floatingLayers[node.activeIndex]
  }

  /// The rectangle of every shown floating pane of the visible tabs, in drawing order (the
  /// last is on top): its frame's fractions of its tab's area, rounded to whole cells (at
  /// least one each way where the tab has one) and clipped inside the tab, so it never
  /// reaches past the tab. The tiled panes' rectangles (``layout(in:minimumPaneSize:)``) are
  /// the same with or without floating panes; while a pane is zoomed, none is shown.
  ///
  ///     state.floatingLayout(in: Size(width: 80, height: 24))  // [(%9, 40x12+20+6)]
  ///
  /// - Parameters:
  ///   - size: The whole area; negative widths and heights count as 0.
  ///   - minimumPaneSize: The smallest size a tiled pane should get (default
  ///     ``paneMinimum``), which places nested tabs.
  /// - Returns: Each shown floating pane with its rectangle, bottom to top.
  /// - Complexity: O(*v* log *k*), as for ``layout(in:minimumPaneSize:)``.
  public func floatingLayout(
    in size: Size, minimumPaneSize: Size? = nil
  ) -> [(pane: NodeID, rect: Rect)] {
    if zoomedPane != nil { return [] }
    return floatingRectangles(in: size, minimumPaneSize: minimumPaneSize ?? paneMinimum)
  }

  /// The shown floating panes of the visible tabs with their integer rectangles, ignoring
  /// zoom, in drawing order.
  func floatingRectangles(in size: Size, minimumPaneSize: Size) -> [(pane: NodeID, rect: Rect)] {
    let containers = integerLayout(
      in: size, minimumPaneSize: minimumPaneSize, honoringZoom: false, includingContainers: true)
    return containers.reversed().flatMap { entry -> [(pane: NodeID, rect: Rect)] in
      guard let layer = activeLayer(of: entry.pane) else { return [] }
      return layer.shownPanes.map { ($0.id, $0.frame.rect(in: entry.rect)) }
    }
  }

  /// The area of the tab whose layer holds the floating pane `pane` at ``layoutArea``, and
  /// its tabs container; `nil` for a pane that does not float.
  func floatingArea(of pane: NodeID) -> (tabs: NodeID, area: Rect)? {
    guard let tabs = nodes[pane]?.parent, self[tabs].tabIndex(floating: pane) != nil else {
      return nil
    }
    let area = layoutArea
    let whole = Rect(x: 0, y: 0, width: area.width, height: area.height)
    let containers = integerLayout(
      in: area, minimumPaneSize: paneMinimum, honoringZoom: false, includingContainers: true)
    return (tabs, containers.first { $0.pane == tabs }?.rect ?? whole)
  }

  /// The unit rectangles of a split's children, by weight, or of a stack's members, equally.
  static func unitDivide(_ node: Node, _ rect: UnitRect) -> [UnitRect] {
    var offset = 0.0
    let count = node.children.count
    let weights =
      node.stackAxis != nil ? Array(repeating: 1 / Double(count), count: count) : node.weights
    return weights.map { weight in
      var part = rect
      if (node.axis ?? node.stackAxis) == .horizontal {
        part.x = rect.x + offset * rect.width
        part.width = weight * rect.width
      } else {
        part.y = rect.y + offset * rect.height
        part.height = weight * rect.height
      }
      offset += weight
      return part
    }
  }
}
