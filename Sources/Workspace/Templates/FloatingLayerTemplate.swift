/// A tab's floating panes in a template: each a pane template with its rectangle (in
/// fractions of the tab, as ``FloatingFrame``) and pinned flag, bottom to top, and whether the
/// layer has focus or is hidden, as the live ``FloatingLayer`` has them.
///
///     .pane("Editor", root: FileRoute.file("main.swift"))
///       .floating(FloatingLayerTemplate([
///         FloatingPaneTemplate(.pane("Log", root: LogRoute.tail), isPinned: true),
///       ]))
///
/// A layer belongs to a tab: a node template carries it when the node is a tab (a child of a
/// ``NodeTemplate/tabs(_:selected:)``, or the root of a tab template), and building the tab
/// builds its floating panes above its tiled ones.
public struct FloatingLayerTemplate: Equatable, Sendable {
  /// The floating panes, bottom to top: the last is drawn over the others.
  public private(set) var panes: [FloatingPaneTemplate]
  /// Whether focus is in the layer when its tab is selected: its top shown pane is then the
  /// focused pane.
  public private(set) var isFocused: Bool
  /// Whether the layer is hidden: only its pinned panes are shown.
  public private(set) var isHidden: Bool
  /// Members of a stored layer this version does not understand, kept with it.
  package var unknownMembers = UnknownMembers()

  /// A layer of floating panes.
  ///
  /// - Parameters:
  ///   - panes: The panes, bottom to top; at least one.
  ///   - isFocused: Whether focus is in the layer (on its top shown pane).
  ///   - isHidden: Whether the layer is hidden, showing only its pinned panes.
  public init(
    _ panes: [FloatingPaneTemplate], isFocused: Bool = false, isHidden: Bool = false
  ) {
    self.panes = panes
    self.isFocused = isFocused
    self.isHidden = isHidden
  }

  /// The layer as the live model would hold it: why it cannot be built, or `nil` when it can
  /// (panes that are panes, at valid frames; a focused layer shows a pane).
  package var problem: String? {
    if panes.isEmpty { return "a floating layer holds at least one pane" }
    for (index, pane) in panes.enumerated() {
      guard case .pane = pane.pane.content else {
        return "floating pane \(index) is not a pane"
      }
      if pane.pane.floatingLayer != nil {
        return "floating pane \(index) has a floating layer of its own"
      }
      guard pane.frame.isValid else {
        return "floating pane \(index) has an invalid rectangle \(pane.frame)"
      }
    }
    if isFocused, isHidden, !panes.contains(where: \.isPinned) {
      return "a focused floating layer shows a pane: hidden, it needs a pinned one"
    }
    return nil
  }

  /// The layer with every pane's template passed through `transform`.
  func mapped<Failure: Error>(
    _ transform: (NodeTemplate) throws(Failure) -> NodeTemplate
  ) throws(Failure) -> FloatingLayerTemplate {
    var layer = self
    for index in layer.panes.indices {
      layer.panes[index].pane = try transform(layer.panes[index].pane)
    }
    return layer
  }
}

/// One floating pane of a ``FloatingLayerTemplate``: its pane template (title, router, mark),
/// its rectangle and whether it is pinned.
public struct FloatingPaneTemplate: Equatable, Sendable {
  /// The pane: a ``NodeTemplate/pane(_:router:)`` (or another pane form).
  public internal(set) var pane: NodeTemplate
  /// Its rectangle in fractions of the tab's area.
  public private(set) var frame: FloatingFrame
  /// Whether it stays shown while its layer is hidden.
  public private(set) var isPinned: Bool
  /// Members of a stored floating pane this version does not understand, kept with it.
  package var unknownMembers = UnknownMembers()

  /// A floating pane.
  ///
  /// - Parameters:
  ///   - pane: The pane's template; a pane, not a container.
  ///   - frame: Its rectangle, valid by ``FloatingFrame/isValid``; centred at half size by
  ///     default, as `float` places a pane.
  ///   - isPinned: Whether it stays shown while the layer is hidden.
  public init(_ pane: NodeTemplate, frame: FloatingFrame = .centred, isPinned: Bool = false) {
    self.pane = pane
    self.frame = frame
    self.isPinned = isPinned
  }
}

extension NodeTemplate {
  /// The same node with the floating panes of the tab it is: a tab of a
  /// ``tabs(_:selected:)``, or the root of a tab template.
  ///
  ///     .split(.horizontal, [editor, tests])
  ///       .floating(FloatingLayerTemplate([FloatingPaneTemplate(.pane("Log", root: LogRoute.tail))]))
  ///
  /// A ``WorkspaceTemplate`` refuses a layer on a node that is not a tab, a layer without
  /// panes, a floating pane that is not a pane or whose rectangle is not valid.
  ///
  /// - Parameter layer: The tab's floating layer; `nil` for none.
  /// - Returns: The template with the layer.
  public func floating(_ layer: FloatingLayerTemplate?) -> NodeTemplate {
    var template = self
    template.floatingLayer = layer
    return template
  }
}
