import PaneRouter
import Workspace

/// Per-command cost on a generated workspace: the median of many timed applications, in
/// nanoseconds, each command paired with its inverse so the workspace keeps its size.
enum Commands {
  static let names = [
    "focus by number", "focus by direction", "split", "close", "push", "pop",
    "nearest-router lookup", "layout (per visible pane)", "undo", "push at a mark in another tab",
  ]

  static func measure(panes: Int, routesPerPane: Int, iterations: Int) -> [String: Double] {
    var state = Generator.workspace(panes: panes, routesPerPane: routesPerPane)
    let tabs = state.root.children.count
    try! state.apply(.selectTab(.number((tabs + 1) / 2)))
    var samples: [String: [Double]] = [:]
    let clock = ContinuousClock()
    func time(_ name: String, _ body: () throws -> Void) {
      let elapsed = clock.measure { try! body() }
      samples[name, default: []].append(
        Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9)
    }
    let route: RouteToken = "detail:999999"
    // A pane of the first tab, while another is selected: `at` finds it by its mark (a scan
    // of the nodes) and puts focus back.
    try! state.apply(.at(.id(state.paneIDs[0]), .mark("bench")))
    for _ in 0..<iterations {
      time("focus by number") { try state.apply(.focus(.pane(.number(2)))) }
      try! state.apply(.focus(.pane(.number(1))))
      time("focus by direction") { try state.apply(.focus(.direction(.right))) }
      try! state.apply(.focus(.direction(.left)))
      time("split") { try state.apply(.split(.horizontal)) }
      time("close") { try state.apply(.close()) }
      time("push") { try state.apply(.route(.push([route]))) }
      time("pop") { try state.apply(.route(.pop(count: 1))) }
      let pane = state.focusedPane
      time("nearest-router lookup") { _ = try state.nearestRouter(RouteToken.self, from: pane) }
      let visible = Double(state.visiblePanes.count)
      let start = clock.now
      _ = state.layout(in: Size(width: 200, height: 60))
      let elapsed = start.duration(to: clock.now)
      samples["layout (per visible pane)", default: []].append(
        (Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9)
          / visible)
      try! state.apply(.route(.push([route])))
      time("undo") { try state.apply(.undo()) }
      time("push at a mark in another tab") {
        try state.apply(.at(.mark("bench"), .route(.push([route]))))
      }
      try! state.apply(.at(.mark("bench"), .route(.pop(count: 1))))
    }
    return samples.mapValues { values in values.sorted()[values.count / 2] }
  }
}
