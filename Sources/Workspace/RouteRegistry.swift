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
/// Routers of a kind nobody registered keep any well-formed token, as they always did.
/// Untyped routers (kind `token`, as `wsctl` and files without a kind create them) do too,
/// unless the host names the type that reads them (``defaultKind``).
public struct RouteRegistry: Sendable {
  /// How each registered kind reads a token, and the root its repair falls back to.
  private var types: [String: RegisteredType] = [:]

  /// The registered kind whose type reads the tokens of untyped routers (kind `token`), so
  /// that they are checked, found unreadable and repaired as that kind's are; `nil` (the
  /// default) leaves untyped routers unchecked.
  ///
  ///     var routeTypes = RouteRegistry([FileRoute.self, SettingsRoute.self])
  ///     routeTypes.defaultKind = FileRoute.kind   // `wsctl tab new Notes x` makes file panes
  public var defaultKind: String?

  struct RegisteredType: Sendable {
    let make: @Sendable (RouteToken) throws -> any Route
    let fallbackRoot: RouteToken?
    /// The type's routes, if it describes them (`Route.routeShapes`).
    let shapes: [RouteShape]?

    func read(_ token: RouteToken) throws { _ = try make(token) }
  }

  /// An empty registry: every kind keeps any token.
  public init() {}

  /// A registry of route types without fallback roots.
  ///
  /// - Parameters:
  ///   - types: The route types, such as `[NoteRoute.self, SettingsRoute.self]`.
  ///   - defaultType: The type that reads untyped routers' tokens (``defaultKind``), if any.
  public init(_ types: [any Route.Type], default defaultType: (any Route.Type)? = nil) {
    for type in types { registerWithoutFallback(type) }
    if let defaultType {
      registerIfMissing(defaultType)
      defaultKind = defaultType.kind
    }
  }

  private mutating func registerIfMissing<R: Route>(_ type: R.Type) {
    if types[R.kind] == nil { register(type) }
  }

  /// The type that reads the routers of `kind`: its own, or the default type's for untyped
  /// routers.
  func registered(_ kind: String) -> RegisteredType? {
    if let type = types[kind] { return type }
    guard kind == RouteToken.kind, let defaultKind else { return nil }
    return types[defaultKind]
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
      make: { token in try R(token: token) }, fallbackRoot: fallbackRoot?.token,
      shapes: R.routeShapes)
  }

  /// Registers a kind read by a check rather than a type, as a published schema describes it;
  /// its routes read as the tokens themselves.
  mutating func register(
    kind: String, shapes: [RouteShape],
    check: @escaping @Sendable (RouteToken) throws(RouteSchemaError) -> Void
  ) {
    types[kind] = RegisteredType(
      make: { token in
        try check(token)
        return token
      }, fallbackRoot: nil, shapes: shapes)
  }

  /// Each registered kind's routes, `nil` for a type that does not describe them.
  var shapesByKind: [String: [RouteShape]?] { types.mapValues(\.shapes) }

  /// The registered kinds, sorted.
  public var kinds: [String] { types.keys.sorted() }

  /// Whether a type reads routers of `kind`: one registered for it, or the default type for
  /// untyped routers (kind `token`) when ``defaultKind`` names one.
  public func isRegistered(kind: String) -> Bool { registered(kind) != nil }

  /// Why the type registered for `kind` cannot read a token: its error's message; `nil` when
  /// it reads it or no type is registered for the kind.
  ///
  /// - Parameters:
  ///   - token: The token.
  ///   - kind: The kind of the router that would hold it.
  /// - Returns: The reason, such as `notes route 'note:abc' takes one Int`.
  public func problem(reading token: RouteToken, kind: String) -> String? {
    guard let type = registered(kind) else { return nil }
    do {
      try type.read(token)
      return nil
    } catch {
      return "\(error)"
    }
  }

  /// The root a repair gives a router of `kind` whose root is unreadable, if registered.
  func fallbackRoot(kind: String) -> RouteToken? {
    registered(kind)?.fallbackRoot
  }
}
