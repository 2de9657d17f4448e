import PaneRouter

/// The route types a host registers with its workspace, by kind, so that a token no type of
/// that kind can read is refused at the door rather than stored.
///
///     var routeTypes = RouteRegistry()
///     routeTypes.register(NoteRoute.self, fallbackRoot: .list)
///     let workspace = Workspace(state, routeTypes: routeTypes)
///     try workspace.apply(CommandParser.parse(line: "push note:abc"))
///     // throws: %2 cannot hold route 'note:abc': notes route 'note:abc' takes one Int
///
/// A registered kind's routers accept only tokens its type reads: a command that would store
/// another is refused (``WorkspaceError/refusedRoute(_:node:reason:)``), and
/// ``WorkspaceState/unreadableRoutes(_:)`` finds those already stored (a hand-edited file).
/// Routers of a kind nobody registered, and untyped ones (kind `token`, as `wsctl` creates),
/// keep any well-formed token, as they always did.
public struct RouteRegistry: Sendable {
  /// How each registered kind reads a token, and the root its repair falls back to.
  private var types: [String: RegisteredType] = [:]

  private struct RegisteredType: Sendable {
    let read: @Sendable (RouteToken) throws -> Void
    let fallbackRoot: RouteToken?
  }

  /// An empty registry: every kind keeps any token.
  public init() {}

  /// A registry of route types without fallback roots.
  ///
  /// - Parameter types: The route types, such as `[NoteRoute.self, SettingsRoute.self]`.
  public init(_ types: [any Route.Type]) {
    for type in types { registerWithoutFallback(type) }
  }

  private mutating func registerWithoutFallback<R: Route>(_ type: R.Type) {
    register(type)
  }

  /// Registers a route type under its `Route.kind`, replacing any type registered under
  /// the same kind.
  ///
  /// - Parameters:
  ///   - type: The route type.
  ///   - fallbackRoot: The root a repair gives a router whose stored root the type cannot
  ///     read; without one, such a router is reported and left as it is.
  public mutating func register<R: Route>(_ type: R.Type, fallbackRoot: R? = nil) {
    types[R.kind] = RegisteredType(
      read: { token in _ = try R(token: token) }, fallbackRoot: fallbackRoot?.token)
  }

  /// The registered kinds, sorted.
  public var kinds: [String] { types.keys.sorted() }

  /// Whether a type is registered for routers of `kind`.
  public func isRegistered(kind: String) -> Bool { types[kind] != nil }

  /// Why the type registered for `kind` cannot read a token: its error's message; `nil` when
  /// it reads it or no type is registered for the kind.
  ///
  /// - Parameters:
  ///   - token: The token.
  ///   - kind: The kind of the router that would hold it.
  /// - Returns: The reason, such as `notes route 'note:abc' takes one Int`.
  public func problem(reading token: RouteToken, kind: String) -> String? {
    guard let type = types[kind] else { return nil }
    do {
      try type.read(token)
      return nil
    } catch {
      return "\(error)"
    }
  }

  /// The root a repair gives a router of `kind` whose root is unreadable, if registered.
  func fallbackRoot(kind: String) -> RouteToken? {
    types[kind]?.fallbackRoot
  }
}
