import PaneRouter
import Synchronization

/// A thread-safe list that `@Sendable` callbacks (observation, loggers, change handlers)
/// record into.
final class Recorder<Element: Sendable>: Sendable {
  private let storage = Mutex<[Element]>([])

  /// Everything recorded so far, in order.
  var values: [Element] { storage.withLock { $0 } }

  /// Records one value.
  func record(_ value: Element) {
    storage.withLock { $0.append(value) }
  }
}

/// SplitMix64: a tiny, seeded, repeatable generator for property tests.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}

extension RouteStack {
  /// Builds a stack from routes, root first, trapping on invalid input (test fixtures only).
  static func fixture(
    _ routes: [R], modal: (style: ModalStyle, routes: [R])? = nil,
    maxDepth: Int = RouteStack.defaultMaximumDepth, rejectsDuplicateTop: Bool = true
  ) -> RouteStack {
    try! RouteStack(
      routes: routes, modal: modal, maxDepth: maxDepth, rejectsDuplicateTop: rejectsDuplicateTop)
  }

  /// Checks the stack's invariants: a root, the depth limit, a non-empty modal stack.
  func checkInvariants() -> Bool {
    guard !stack.isEmpty, stack.count <= maxDepth, maxDepth >= 1 else { return false }
    guard depth == stack.count, root == stack[0], current == stack[stack.count - 1] else {
      return false
    }
    guard path == Array(stack.dropFirst()) else { return false }
    if let modal {
      guard !modal.stack.isEmpty, modal.stack.count <= maxDepth else { return false }
      guard visibleRoute == modal.current else { return false }
    } else {
      guard visibleRoute == current else { return false }
    }
    return true
  }
}
