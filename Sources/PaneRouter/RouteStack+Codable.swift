extension RouteStack: Codable {
  private enum CodingKeys: String, CodingKey {
    case stack, modal, maxDepth, rejectsDuplicateTop
  }

  private enum ModalKeys: String, CodingKey {
    case style, stack
  }

  /// Encodes the stack as route tokens:
  /// `{"stack": ["inbox", "detail:7"], "modal": {"style": "sheet", "stack": ["compose"]}}`.
  ///
  /// `maxDepth` and `rejectsDuplicateTop` are written only when they differ from their
  /// defaults; `modal` only when one is presented.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(stack.map(\.token.description), forKey: .stack)
    if let modal {
      var nested = container.nestedContainer(keyedBy: ModalKeys.self, forKey: .modal)
      try nested.encode(modal.style.rawValue, forKey: .style)
      try nested.encode(modal.stack.map(\.token.description), forKey: .stack)
    }
    if maxDepth != RouteStack.defaultMaximumDepth {
      try container.encode(maxDepth, forKey: .maxDepth)
    }
    if !rejectsDuplicateTop {
      try container.encode(false, forKey: .rejectsDuplicateTop)
    }
  }

  /// Decodes and validates a stack written by ``encode(to:)``.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted`, whose coding path locates the problem and whose
  ///   underlying error is a ``PaneRouterError``, when a token is malformed or names no route
  ///   of this type, a stack is empty or deeper than `maxDepth`, or a modal style is unknown.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let maxDepth =
      try container.decodeIfPresent(Int.self, forKey: .maxDepth) ?? RouteStack.defaultMaximumDepth
    let rejectsDuplicateTop =
      try container.decodeIfPresent(Bool.self, forKey: .rejectsDuplicateTop) ?? true
    let routes = try Self.decodeRoutes(container, forKey: .stack)
    var modal: (style: ModalStyle, routes: [R])?
    if container.contains(.modal) {
      let nested = try container.nestedContainer(keyedBy: ModalKeys.self, forKey: .modal)
      let name = try nested.decode(String.self, forKey: .style)
      guard let style = ModalStyle(rawValue: name) else {
        throw Self.corrupted(nested, .style, PaneRouterError.unknownModalStyle(name))
      }
      let modalRoutes = try Self.decodeRoutes(nested, forKey: .stack)
      do {
        // Validate the modal's stack here so the error points at `modal.stack`.
        _ = try RouteStack(routes: modalRoutes, maxDepth: maxDepth)
      } catch {
        throw Self.corrupted(nested, .stack, error)
      }
      modal = (style, modalRoutes)
    }
    do {
      try self.init(
        routes: routes, modal: modal, maxDepth: maxDepth,
        rejectsDuplicateTop: rejectsDuplicateTop)
    } catch {
      throw Self.corrupted(container, .stack, error)
    }
  }

  private static func decodeRoutes<Key: CodingKey>(
    _ container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> [R] {
    var list = try container.nestedUnkeyedContainer(forKey: key)
    var routes: [R] = []
    while !list.isAtEnd {
      let text = try list.decode(String.self)
      do {
        routes.append(try R(token: try RouteToken(parsing: text)))
      } catch {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: list.codingPath + [IndexKey(list.currentIndex - 1)],
            debugDescription: "\(error)", underlyingError: error))
      }
    }
    return routes
  }

  private static func corrupted<Key: CodingKey>(
    _ container: KeyedDecodingContainer<Key>, _ key: Key, _ error: any Error
  ) -> DecodingError {
    DecodingError.dataCorrupted(
      .init(
        codingPath: container.codingPath + [key], debugDescription: "\(error)",
        underlyingError: error))
  }
}

/// A coding key for an array index.
private struct IndexKey: CodingKey {
  var stringValue: String { "\(intValue!)" }
  var intValue: Int?
  init(_ index: Int) { intValue = index }
  init?(stringValue: String) { nil }
  init?(intValue: Int) { self.intValue = intValue }
}
