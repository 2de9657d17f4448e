import PaneRouter

/// The routes a host's route types take, by kind, as the host publishes them in its
/// workspace file: what `wsctl` checks and completes tokens against when no host is running.
///
///     let schema = RouteRegistry([FileRoute.self, SettingsRoute.self], default: FileRoute.self)
///       .schema
///     schema.kinds["files"]   // [file:String, line:String:Int]
///     schema.problem(reading: "line:a:x", kind: "files")
///     // "files route 'line:a:x': argument 2 'x' is not an Int (line takes 2 arguments (String, Int))"
///
/// Only kinds whose types describe their routes (`Route.routeShapes`) are in it; routers of
/// other kinds keep any token, as without a schema.
public struct RouteSchema: Equatable, Sendable {
  /// Each described kind's routes, in the order its type lists them.
  public var kinds: [String: [RouteShape]]
  /// The kind whose routes untyped routers (kind `token`) hold, as
  /// ``RouteRegistry/defaultKind`` names it.
  public var defaultKind: String?
  /// Members of the stored schema this version does not understand, kept with it.
  package var unknownMembers = UnknownMembers()

  /// A schema.
  ///
  /// - Parameters:
  ///   - kinds: Each kind's routes.
  ///   - defaultKind: The kind untyped routers are read as, if any.
  public init(kinds: [String: [RouteShape]] = [:], defaultKind: String? = nil) {
    self.kinds = kinds
    self.defaultKind = defaultKind
  }

  /// Whether the schema describes no kind (and names no default).
  public var isEmpty: Bool { kinds.isEmpty && defaultKind == nil && unknownMembers.isEmpty }

  /// The routes of a router of `kind`: its own, or the default kind's for an untyped router;
  /// `nil` when the schema does not describe it.
  public func shapes(of kind: String) -> [RouteShape]? {
    if let shapes = kinds[kind] { return shapes }
    guard kind == RouteToken.kind, let defaultKind else { return nil }
    return kinds[defaultKind]
  }

  /// The kind whose routes a router of `kind` holds, as messages name it: the default kind
  /// for an untyped router the schema reads as that kind, else `kind` itself.
  public func readingKind(of kind: String) -> String {
    kinds[kind] == nil && kind == RouteToken.kind ? defaultKind ?? kind : kind
  }

  /// Why a router of `kind` cannot hold a token, or `nil` when it can or the schema does not
  /// describe the kind.
  ///
  /// - Parameters:
  ///   - token: The token.
  ///   - kind: The router's kind.
  /// - Returns: The reason: an unknown route (`unknown files route 'nope'`), or the argument
  ///   that does not fit, by its 1-based position.
  /// - Complexity: O(*r* + *a*), for *r* routes of the kind and *a* arguments of the token.
  public func problem(reading token: RouteToken, kind: String) -> String? {
    guard let shapes = shapes(of: kind) else { return nil }
    let name = readingKind(of: kind)
    guard let shape = shapes.first(where: { $0.name == token.name }) else {
      return PaneRouterError.unknownRoute(token, kind: name).description
    }
    return shape.problem(reading: token, kind: name)
  }
}

extension RouteRegistry {
  /// The schema of the registered types that describe their routes (`Route.routeShapes`),
  /// with ``defaultKind``: what a host publishes in its file.
  public var schema: RouteSchema {
    let kinds = shapesByKind.compactMapValues { $0 }
    return RouteSchema(
      kinds: kinds, defaultKind: defaultKind.flatMap { kinds[$0] == nil ? nil : $0 })
  }

  /// A registry that reads tokens as a published schema says its host's types do, for a
  /// program without the types (`wsctl` on the file): each described kind's routers accept
  /// the tokens its shapes fit, and untyped routers the default kind's.
  ///
  /// - Parameter schema: The schema, as a workspace file holds it.
  public init(schema: RouteSchema) {
    self.init()
    for (kind, shapes) in schema.kinds {
      let described = RouteSchema(kinds: [kind: shapes])
      register(kind: kind, shapes: shapes) { token throws(RouteSchemaError) in
        if let reason = described.problem(reading: token, kind: kind) {
          throw RouteSchemaError(reason: reason)
        }
      }
    }
    if let defaultKind = schema.defaultKind, schema.kinds[defaultKind] != nil {
      self.defaultKind = defaultKind
    }
  }
}

/// A token a published schema cannot read; its message is the reason.
struct RouteSchemaError: Error, CustomStringConvertible {
  let reason: String
  var description: String { reason }
}
