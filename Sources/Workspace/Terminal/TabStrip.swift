/// A one-line tab bar that always shows the selected tab: when the tabs do not fit, the bar
/// scrolls to the selected one and marks with `‹` and `›` (ASCII: `<` and `>`) that tabs are
/// cut off on that side.
///
///     TabStrip.pieces(labels: ["1:a", "2:b", "3:c"], selected: 2, width: 8, markers: ("<", ">"))
///     // "<" at 0, "2:b" at 1, "3:c" at 5: "<2:b 3:c"
package enum TabStrip {
  /// A label or a marker and the column it starts at.
  package struct Piece: Equatable {
    /// The text, escaped for the terminal (a label may be cut to fit).
    package var text: String
    /// The first column.
    package var column: Int
    /// The tab's index, or `nil` for a marker.
    package var tab: Int?
  }

  /// Where each shown label and marker goes on a bar `width` columns wide: as many tabs as
  /// fit around the selected one, one column between labels, the markers at the bar's ends.
  /// A selected label wider than the bar is cut with `…` (or the right marker's ASCII `~`).
  ///
  /// - Parameters:
  ///   - labels: Each tab's label, as it is drawn (titles are escaped here).
  ///   - selected: The selected tab's index.
  ///   - width: The bar's width in columns.
  ///   - markers: The marks of tabs cut off on the left and on the right.
  /// - Returns: The pieces, left to right, none past `width`.
  /// - Complexity: O(*n*) for the labels' total length (each label is measured once).
  package static func pieces(
    labels: [String], selected: Int, width: Int, markers: (Character, Character)
  ) -> [Piece] {
    guard width > 0, labels.indices.contains(selected) else { return [] }
    let labels = labels.map(TerminalText.escaped)
    let widths = labels.map { TerminalText.width(of: $0) }
    var first = selected
    var last = selected
    var labelsWidth = widths[selected]
    /// The columns the shown tabs take with `extra` more columns of labels, a space between
    /// labels and the markers, if `lower...upper` are shown.
    func needed(_ lower: Int, _ upper: Int, adding extra: Int) -> Int {
      labelsWidth + extra + (upper - lower) + (lower > 0 ? 1 : 0)
        + (upper < labels.count - 1 ? 1 : 0)
    }
    var grew = true
    while grew {
      grew = false
      if last + 1 < labels.count, needed(first, last + 1, adding: widths[last + 1]) <= width {
        last += 1
        labelsWidth += widths[last]
        grew = true
      }
      if first > 0, needed(first - 1, last, adding: widths[first - 1]) <= width {
        first -= 1
        labelsWidth += widths[first]
        grew = true
      }
    }
    let hasLeftMarker = first > 0
    let hasRightMarker = last < labels.count - 1
    var pieces: [Piece] = []
    var column = 0
    if hasLeftMarker {
      pieces.append(Piece(text: String(markers.0), column: 0, tab: nil))
      column = 1
    }
    let end = width - (hasRightMarker ? 1 : 0)
    let ellipsis: Character = markers.1.isASCII ? "~" : "…"
    for tab in first...last where column < end {
      // Only a selected tab wider than the bar is cut; the others fit by construction.
      let text = TerminalText.fitted(labels[tab], to: end - column, ellipsis: ellipsis)
      pieces.append(Piece(text: text, column: column, tab: tab))
      column += TerminalText.width(of: text) + 1
    }
    if hasRightMarker, width - 1 >= (hasLeftMarker ? 1 : 0) {
      pieces.append(Piece(text: String(markers.1), column: width - 1, tab: nil))
    }
    return pieces
  }
}
