/// One operation on a route stack, as a value: what ``RouteStack/apply(_:)`` performs, what a
/// ``RouteTransition`` reports and what a logger prints.
///
/// Its `description` uses the words of the workspace command grammar:
/// `push detail:7`, `pop 2`, `pop-to inbox`, `present sheet compose`.
public enum RouteOperation<R: Route>: Hashable, Sendable {
  /// Append routes to the active stack, all or nothing.
  case push([R])
  /// Remove up to `count` routes from the active stack, never its root.
  case pop(count: Int)
  /// Pop back to the first occurrence of a route, keeping it.
  case popTo(R)
  /// Pop back to the last occurrence of a route, keeping it.
  case popToLast(R)
  /// Keep only the root of the stack and dismiss any modal.
  case popToRoot
  /// Replace the whole active stack, root included.
  case replace([R])
  /// Replace the top of the active stack.
  case replaceCurrent(R)
  /// Present a modal whose route is the root of its own stack.
  case present(R, style: ModalStyle)
  /// Close the modal if one is presented, else pop.
  case dismiss
  /// Close any presented modal, keeping the stack.
  case dismissModals
  /// Finish the presented modal's flow with a result route: close the modal with its whole
  /// flow and hand the result to the router that presented it (see
  /// ``RouteTransition/result``). Refused with ``RouteRejection/noModal`` when no modal is
  /// presented, so a flow finishes once.
  case finish(R)
  /// Set the stack below the root (a `NavigationStack(path:)` binding's write).
  case setPath([R])
  /// Set the presented modal's stack below its root.
  case setModalPath([R])

  /// The same operation over another route type.
  ///
  /// - Parameter transform: Converts each route.
  /// - Returns: The converted operation.
  /// - Throws: What `transform` throws.
  public func map<T: Route>(
    _ transform: (R) throws -> T
  ) rethrows -> RouteOperation<T> {
    switch self {
    case .push(let routes): .push(try routes.map(transform))
    case .pop(let count): .pop(count: count)
    case .popTo(let route): .popTo(try transform(route))
    case .popToLast(let route): .popToLast(try transform(route))
    case .popToRoot: .popToRoot
    case .replace(let routes): .replace(try routes.map(transform))
    case .replaceCurrent(let route): .replaceCurrent(try transform(route))
    case .present(let route, let style): .present(try transform(route), style: style)
    case .dismiss: .dismiss
    case .dismissModals: .dismissModals
    case .finish(let result): .finish(try transform(result))
    case .setPath(let routes): .setPath(try routes.map(transform))
    case .setModalPath(let routes): .setModalPath(try routes.map(transform))
    }
  }
}

extension RouteOperation: CustomStringConvertible {
  /// The operation in the words of the command grammar, such as `push detail:7`.
  public var description: String {
    // Appended one by one rather than `joined()`: the standard library's `joined` is not
    // specialised for a client's types, and its generic requirements are checked at run time
    // by scanning the executable's conformances, about 165,000 instructions the first time
    // (a sixth of a short `wsctl` edit).
    func words(_ routes: [R]) -> String {
      var text = ""
      for route in routes {
        text += " "
        text += route.token.description
      }
      return text
    }
    return switch self {
    case .push(let routes): "push" + words(routes)
    case .pop(let count): count == 1 ? "pop" : "pop \(count)"
    case .popTo(let route): "pop-to \(route.token)"
    case .popToLast(let route): "pop-to-last \(route.token)"
    case .popToRoot: "root"
    case .replace(let routes): "replace" + words(routes)
    case .replaceCurrent(let route): "replace-top \(route.token)"
    case .present(let route, let style): "present \(style) \(route.token)"
    case .dismiss: "dismiss"
    case .dismissModals: "dismiss-all"
    case .finish(let result): "finish \(result.token)"
    case .setPath(let routes): "set-path" + words(routes)
    case .setModalPath(let routes): "set-modal-path" + words(routes)
    }
  }
}

/// How a modal is presented: a sheet over the content or a full-screen cover.
public enum ModalStyle: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  /// A sheet (SwiftUI's `.sheet`).
  case sheet
  /// A full-screen cover (SwiftUI's `.fullScreenCover`).
  case cover

  /// The style's name, `sheet` or `cover`.
  public var description: String { rawValue }
}
