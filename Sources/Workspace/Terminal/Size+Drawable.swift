/// The bound on every drawing's size, whatever it comes from: an option such as `--size` or
/// `--frame`, `COLUMNS` and `LINES`, or the terminal's own size.
extension Size {
  /// The widths and heights a drawing may have, in cells: a drawing holds one cell per
  /// column and row, so the upper bound keeps its memory and time bounded.
  public static let drawableLengths = 1...1000

  /// Whether both the width and the height are in ``drawableLengths``.
  public var isDrawable: Bool {
    Self.drawableLengths.contains(width) && Self.drawableLengths.contains(height)
  }

  /// The size with its width and height each clamped into ``drawableLengths``.
  ///
  ///     Size(width: 100_000, height: 0).clampedToDrawable  // 1000x1
  public var clampedToDrawable: Size {
    Size(width: Self.clampedToDrawable(width), height: Self.clampedToDrawable(height))
  }

  /// A length clamped into ``drawableLengths``.
  public static func clampedToDrawable(_ length: Int) -> Int {
    min(max(length, drawableLengths.lowerBound), drawableLengths.upperBound)
  }
}
