import Foundation
import PaneRouter
import WorkspaceTestSupport

/// A thread-safe list that `@Sendable` callbacks (observation, loggers, change handlers)
/// record into. An `NSLock`, not `Synchronization.Mutex`, which needs macOS 15 and iOS 18:
/// the tests build at the package's declared platforms too.
final class Recorder<Element: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [Element] = []

  /// Everything recorded so far, in order.
  var values: [Element] { lock.withLock { storage } }

  /// Records one value.
  func record(_ value: Element) {
    lock.withLock { storage.append(value) }
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

/// Random operations over a small set of routes, so duplicates and limits come up often.
enum RandomOperations {
  static let routes: [MailRoute] = [
    .inbox, .compose, .attachments, .detail(1), .detail(2), .search("a b"),
  ]

  static func route(_ generator: inout SeededGenerator) -> MailRoute {
    routes.randomElement(using: &generator)!
  }

  static func routes(_ generator: inout SeededGenerator, count: ClosedRange<Int>) -> [MailRoute] {
    (0..<Int.random(in: count, using: &generator)).map { _ in route(&generator) }
  }

  static func operation(_ generator: inout SeededGenerator) -> RouteOperation<MailRoute> {
    switch Int.random(in: 0..<13, using: &generator) {
    case 0, 1: .push(routes(&generator, count: 1...1))
    case 2: .push(routes(&generator, count: 0...4))
    case 3: .pop(count: 1)
    case 4: .pop(count: Int.random(in: -1...4, using: &generator))
    case 5: .popTo(route(&generator))
    case 6: .popToLast(route(&generator))
    case 7: .popToRoot
    case 8: .replace(routes(&generator, count: 0...4))
    case 9: .replaceCurrent(route(&generator))
    case 10:
      .present(route(&generator), style: ModalStyle.allCases.randomElement(using: &generator)!)
    case 11:
      [.dismiss, .dismissModals, .finish(route(&generator))].randomElement(using: &generator)!
    default:
      Bool.random(using: &generator)
        ? .setPath(routes(&generator, count: 0...4))
        : .setModalPath(routes(&generator, count: 0...3))
    }
  }
}

extension RouteStack {
  /// Performs `operation` through the public convenience API and returns its result.
  mutating func call(_ operation: RouteOperation<R>) -> Bool {
    switch operation {
    case .push(let routes) where routes.count == 1: return push(routes[0])
    case .push(let routes) where routes.count == 2: return push(routes[0], routes[1])
    case .push(let routes): return push(contentsOf: routes)
    case .pop(let count) where count == 1: return pop()
    case .pop(let count): return pop(count: count)
    case .popTo(let route): return popTo(route)
    case .popToLast(let route): return popToLast(route)
    case .popToRoot: return popToRoot()
    case .replace(let routes): return replace(routes)
    case .replaceCurrent(let route): return replaceCurrent(with: route)
    case .present(let route, let style): return present(route, style: style)
    case .dismiss: return dismiss()
    case .dismissModals: return dismissModals()
    case .finish(let result): return finish(with: result)
    case .setPath(let routes):
      let before = self
      path = routes
      return self != before
    case .setModalPath(let routes):
      return (try? apply(.setModalPath(routes))) != nil
    }
  }
}

extension Router {
  /// Performs `operation` through the public convenience API and returns its result.
  func call(_ operation: RouteOperation<R>) -> Bool {
    switch operation {
    case .push(let routes) where routes.count == 1: return push(routes[0])
    case .push(let routes) where routes.count == 2: return push(routes[0], routes[1])
    case .push(let routes): return push(contentsOf: routes)
    case .pop(let count) where count == 1: return pop()
    case .pop(let count): return pop(count: count)
    case .popTo(let route): return popTo(route)
    case .popToLast(let route): return popToLast(route)
    case .popToRoot: return popToRoot()
    case .replace(let routes): return replace(routes)
    case .replaceCurrent(let route): return replaceCurrent(with: route)
    case .present(let route, let style): return present(route, style: style)
    case .dismiss: return dismiss()
    case .dismissModals: return dismissModals()
    case .finish(let result): return finish(with: result)
    case .setPath(let routes):
      let before = state
      path = routes
      return state != before
    case .setModalPath(let routes):
      let before = state
      modalPath = routes
      return state != before
    }
  }
}
