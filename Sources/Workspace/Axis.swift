/// The direction in which a split lays out its children.
public enum Axis: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  /// Children side by side, left to right (`split h`).
  case horizontal
  /// Children stacked, top to bottom (`split v`).
  case vertical

  /// The axis's name, `horizontal` or `vertical`.
  public var description: String { rawValue }

  /// The other axis.
  public var other: Axis { self == .horizontal ? .vertical : .horizontal }
}

/// A direction on screen, for focus, swap, move and resize.
public enum Direction: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  /// Towards smaller x.
  case left
  /// Towards larger x.
  case right
  /// Towards smaller y.
  case up
  /// Towards larger y.
  case down

  /// The direction's name, such as `left`.
  public var description: String { rawValue }

  /// The axis along which the direction points.
  public var axis: Axis { self == .left || self == .right ? .horizontal : .vertical }

  /// Whether the direction points towards larger coordinates (right or down).
  public var isForward: Bool { self == .right || self == .down }
}
