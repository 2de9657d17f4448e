/// A preset arrangement of a tab's panes, as tmux's `select-layout` names them.
///
/// `arrange NAME` rebuilds the splits of the active tab (or of a target split) into the
/// preset's shape, the panes in reading order, each keeping its id, router, title and focus.
/// The shares are tmux's at the layout size: its cells, each with the border that follows
/// it, become the weights, so at that size the rectangles are tmux's panes with their
/// borders (see "Coming from tmux" in `docs/COMMANDS.md`).
public enum LayoutPreset: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  /// One row of equal columns, left to right.
  case evenHorizontal = "even-horizontal"
  /// One column of equal rows, top to bottom.
  case evenVertical = "even-vertical"
  /// The first pane across the top, ``mainPaneHeight`` cells high; the others in a row of
  /// equal columns below.
  case mainHorizontal = "main-horizontal"
  /// The first pane down the left side, ``mainPaneWidth`` cells wide; the others in a column
  /// of equal rows beside it.
  case mainVertical = "main-vertical"
  /// A grid, row by row: as many rows as columns or one more; a last row that is not full
  /// gives its last pane the rest of the width, as tmux does.
  case tiled

  /// The preset's name, such as `main-vertical`.
  public var description: String { rawValue }

  /// The main pane's width in `main-vertical`: tmux's default `main-pane-width`, 80 cells.
  public static let mainPaneWidth = 80

  /// The main pane's height in `main-horizontal`: tmux's default `main-pane-height`, 24 cells.
  public static let mainPaneHeight = 24
}

/// What `arrange` applies: a preset, or the next or previous one in the cycle of
/// `LayoutPreset.allCases` (tmux's `next-layout` and `previous-layout`).
public enum Arrangement: Hashable, Sendable {
  /// A preset by name.
  case preset(LayoutPreset)
  /// The preset after the current one (the first if none is current) whose shape differs.
  case next
  /// The preset before the current one (the last if none is current) whose shape differs.
  case previous
}

/// The shape a preset gives a number of panes in an area: nested splits whose children carry
/// their lengths in cells, a pane's length counting the one-cell border tmux draws after it.
enum PresetShape {
  /// The next pane in reading order.
  case pane
  /// A split of the parts, each with its length along the axis.
  case split(Axis, [PresetPart])
}

/// One part of a preset's split: its shape and its length in cells, with its border.
struct PresetPart {
  var shape: PresetShape
  var length: Int
}

extension LayoutPreset {
  /// The shape of `count` panes (at least 2) in an area, following tmux 3's `layout-set.c`
  /// with its default options (`main-pane-width` 80, `main-pane-height` 24, no other-pane
  /// size, no pane border status).
  ///
  /// - Complexity: O(*n*) for *n* panes.
  func shape(of count: Int, in area: Size) -> PresetShape {
    precondition(count >= 2, "a preset arranges two panes or more")
    let (width, height) = (max(1, area.width), max(1, area.height))
    switch self {
    case .evenHorizontal:
      return .split(
        .horizontal, Self.spread(count, over: width).map { PresetPart(shape: .pane, length: $0) })
    case .evenVertical:
      return .split(
        .vertical, Self.spread(count, over: height).map { PresetPart(shape: .pane, length: $0) })
    case .mainHorizontal:
      let (main, other) = Self.mainLengths(Self.mainPaneHeight, of: height)
      let others: PresetShape =
        count == 2
        ? .pane
        : .split(
          .horizontal,
          Self.spread(count - 1, over: width).map { PresetPart(shape: .pane, length: $0) })
      return .split(
        .vertical,
        [PresetPart(shape: .pane, length: main), PresetPart(shape: others, length: other)])
    case .mainVertical:
      let (main, other) = Self.mainLengths(Self.mainPaneWidth, of: width)
      let others: PresetShape =
        count == 2
        ? .pane
        : .split(
          .vertical,
          Self.spread(count - 1, over: height).map { PresetPart(shape: .pane, length: $0) })
      return .split(
        .horizontal,
        [PresetPart(shape: .pane, length: main), PresetPart(shape: others, length: other)])
    case .tiled:
      return Self.tiled(count, width: width, height: height)
    }
  }

  /// tmux's `layout_spread_cell`: `each = (length - (n - 1)) / n` cells per pane, the last
  /// taking what is left; with the borders, `each + 1` for all but the last. Too short a
  /// length for a cell each is shared equally.
  static func spread(_ count: Int, over length: Int) -> [Int] {
    let each = (length - (count - 1)) / count
    guard length >= count - 1, each > 0 else { return Array(repeating: 1, count: count) }
    return Array(repeating: each + 1, count: count - 1) + [length - (each + 1) * (count - 1)]
  }

  /// The main pane's length with its border and the others' length, as tmux's
  /// `layout_set_main_h`/`_v` give them: the main pane `preferred` cells if one line of at
  /// least one cell fits beside it, else all but that line.
  static func mainLengths(_ preferred: Int, of length: Int) -> (main: Int, other: Int) {
    let available = length - 1
    guard available >= 2 else { return (1, 1) }
    let main = preferred + 1 >= available ? available - 1 : preferred
    return (main + 1, available - main)
  }

  /// tmux's `layout_set_tiled`: rows and columns grown in turn until the panes fit (rows
  /// first), rows of `height` cells with the last taking what is left, each full row of
  /// `width`-cell panes with the last taking what is left, a lone pane in a row spanning it.
  static func tiled(_ count: Int, width: Int, height: Int) -> PresetShape {
    var (rows, columns) = (1, 1)
    while rows * columns < count {
      rows += 1
      if rows * columns < count { columns += 1 }
    }
    let cellWidth = max(1, (width - (columns - 1)) / columns) + 1
    let cellHeight = max(1, (height - (rows - 1)) / rows) + 1
    let usedRows = (count + columns - 1) / columns
    var parts: [PresetPart] = []
    for row in 0..<usedRows {
      let panes = min(columns, count - row * columns)
      let shape: PresetShape =
        panes == 1
        ? .pane
        : .split(
          .horizontal,
          (0..<panes).map { column in
            PresetPart(
              shape: .pane,
              length: column < panes - 1 ? cellWidth : width - cellWidth * (panes - 1))
          })
      parts.append(
        PresetPart(
          shape: shape,
          length: row < usedRows - 1 ? cellHeight : height - cellHeight * (usedRows - 1)))
    }
    return .split(.vertical, parts)
  }
}

extension PresetShape {
  /// The shares of the parts of a split: their lengths as weights, or equal shares where a
  /// length is not positive (an area too small for tmux's cells).
  static func weights(_ lengths: [Int]) -> [Double] {
    guard lengths.allSatisfy({ $0 > 0 }) else {
      return Array(repeating: 1 / Double(lengths.count), count: lengths.count)
    }
    return WorkspaceState.normalized(lengths.map(Double.init))
  }
}

extension LayoutPreset {
  /// The presets' names as a message lists them: `even-horizontal, even-vertical, …` (built
  /// with the grammar's table at every `wsctl` start, so without a key path or the generic
  /// `joined`: see `separated(by:)`).
  static var names: String { allCases.map { $0.rawValue }.separated(by: ", ") }
}
