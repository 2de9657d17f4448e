import PaneRouter
import Workspace

extension WorkspaceDecoder {
  /// Decodes a stored router, or returns `nil` (with a diagnostic) if it has no usable root.
  ///
  /// A malformed token cuts the stack below it (reported); a stack deeper than its
  /// `maxDepth` raises `maxDepth` to fit (reported), so no route is lost; a malformed
  /// quarantined token is dropped (reported).
  mutating func decodeRouter(_ value: JSONDocument.Value, at location: String)
    throws(WorkspaceFileError)
    -> RouterState?
  {
    guard let object = value.objectValue else {
      note(location, "router is not an object")
      return nil
    }
    warnAboutDuplicateKeys(in: object, at: location)
    var kind = RouteToken.kind
    switch object[.kind] {
    case let value? where value.isString:
      kind = try string(value, at: location + ".kind") ?? kind
    case nil:
      note(location + ".kind", "missing; the router is read as untyped ('token')")
    case .some:
      note(location + ".kind", "not a string; the router is read as untyped ('token')")
    }
    guard let routes = try tokens(object[.stack], at: location + ".stack") else { return nil }
    var modal: (style: ModalStyle, routes: [RouteToken])?
    var modalUnknown = UnknownMembers()
    if let modalValue = object[.modal], !modalValue.isNull {
      if let modalObject = modalValue.objectValue,
        let styleName = modalObject[.style]?.stringValue,
        let style = ModalStyle(rawValue: styleName),
        let modalRoutes = try tokens(modalObject[.stack], at: location + ".modal.stack")
      {
        warnAboutDuplicateKeys(in: modalObject, at: location + ".modal")
        modal = (style, modalRoutes)
        modalUnknown = unknown(modalObject, known: FormatKey.modalMembers)
      } else {
        note(location + ".modal", "modal without a valid style and stack; dismissed")
      }
    }
    var maxDepth = intMember(object, .maxDepth, at: location, minimum: 1)
    let deepest = max(routes.count, modal?.routes.count ?? 0)
    if deepest > maxDepth ?? RouteStack<RouteToken>.defaultMaximumDepth {
      note(location + ".maxDepth", "raised to \(deepest) to fit the stored stack")
      maxDepth = deepest
    }
    var rejectsDuplicateTop = true
    if let flag = object[.rejectsDuplicateTop] {
      if let bool = flag.boolValue {
        rejectsDuplicateTop = bool
      } else {
        note(location + ".rejectsDuplicateTop", "not a boolean; ignored")
      }
    }
    let stack: RouteStack<RouteToken>
    do {
      stack = try RouteStack(
        tokens: routes, modal: modal,
        maxDepth: maxDepth ?? RouteStack<RouteToken>.defaultMaximumDepth,
        rejectsDuplicateTop: rejectsDuplicateTop)
    } catch {
      note(location, "\(error)")
      return nil
    }
    return RouterState(
      kind: kind, stack: stack, unknownMembers: unknown(object, known: FormatKey.routerMembers),
      modalUnknownMembers: modalUnknown,
      quarantined: try quarantined(object[.quarantined], at: location + ".quarantined"))
  }

  /// A router's quarantined tokens, each `{"token": ..., "stack": i}` or
  /// `{"token": ..., "modal": i, "style": ...}`; a malformed one is dropped (reported), a
  /// modal's missing or unknown style is read as `sheet` (reported), other members of an
  /// entry are not kept.
  private mutating func quarantined(_ value: JSONDocument.Value?, at location: String)
    throws(WorkspaceFileError) -> [QuarantinedRoute]
  {
    guard let value else { return [] }
    guard let count = value.arrayCount, let items = value.elements else {
      note(location, "not an array of quarantined routes; ignored")
      return []
    }
    guard count <= limits.maximumQuarantinedRoutes else {
      throw .limitExceeded(
        path: file, location: location, what: "quarantined routes",
        limit: limits.maximumQuarantinedRoutes)
    }
    var routes: [QuarantinedRoute] = []
    for (index, (_, item)) in items.enumerated() {
      if let route = try quarantinedRoute(item, at: "\(location)[\(index)]") {
        routes.append(route)
      }
    }
    return routes
  }

  /// One quarantined token, or `nil` (reported) if it is malformed.
  private mutating func quarantinedRoute(_ value: JSONDocument.Value, at location: String)
    throws(WorkspaceFileError) -> QuarantinedRoute?
  {
    guard let object = value.objectValue else {
      note(location, "not an object with a token and its place; dropped")
      return nil
    }
    warnAboutDuplicateKeys(in: object, at: location)
    guard let text = object[.token]?.stringValue else {
      note(location + ".token", "missing or not a string; the quarantined route is dropped")
      return nil
    }
    guard text.utf8.count <= limits.maximumStringBytes else {
      throw .limitExceeded(
        path: file, location: location + ".token", what: "string length",
        limit: limits.maximumStringBytes)
    }
    let token: RouteToken
    do {
      token = try RouteToken(parsing: text)
    } catch {
      note(location + ".token", "\(error); the quarantined route is dropped")
      return nil
    }
    let stack = object[.stack]
    let modal = object[.modal]
    guard (stack == nil) != (modal == nil),
      let index = (stack ?? modal)?.intValue, index >= 0
    else {
      note(
        location,
        "needs one place, 'stack' or 'modal', an integer of at least 0; the quarantined route "
          + "'\(token)' is dropped")
      return nil
    }
    guard modal != nil else { return QuarantinedRoute(token, at: .stack(index)) }
    let style = object[.style]?.stringValue.flatMap(ModalStyle.init(rawValue:))
    if style == nil {
      note(location + ".style", "missing or not 'sheet' or 'cover'; read as 'sheet'")
    }
    return QuarantinedRoute(token, at: .modal(index), style: style ?? .sheet)
  }

  /// A stored stack of tokens, cut before the first malformed one; `nil` if its root is
  /// missing or malformed.
  private mutating func tokens(_ value: JSONDocument.Value?, at location: String)
    throws(WorkspaceFileError) -> [RouteToken]?
  {
    guard let count = value?.arrayCount, count > 0, let items = value?.elements else {
      note(location, "missing, empty or not an array of route tokens")
      return nil
    }
    guard count <= limits.maximumStackDepth else {
      throw .limitExceeded(
        path: file, location: location, what: "stack depth", limit: limits.maximumStackDepth)
    }
    var routes: [RouteToken] = []
    routes.reserveCapacity(count)
    for (index, (_, item)) in items.enumerated() {
      // The common token, plain ASCII within the limits, straight from the file's bytes.
      let plain = item.withPlainString { bytes in
        bytes.count <= limits.maximumStringBytes
          ? tokenCache.token(bytes) { try? RouteToken(parsingUTF8: $0) } : nil
      }
      if let token = plain ?? nil {
        routes.append(token)
        continue
      }
      guard let text = item.stringValue else {
        note("\(location)[\(index)]", "not a string; \(Self.routesRemoved(count - index))")
        break
      }
      guard text.utf8.count <= limits.maximumStringBytes else {
        throw .limitExceeded(
          path: file, location: "\(location)[\(index)]", what: "string length",
          limit: limits.maximumStringBytes)
      }
      do {
        routes.append(try RouteToken(parsing: text))
      } catch {
        let problem =
          if case .malformedToken(_, _, reason: .tooLong) = error {
            // The length and the limit say it all; the token itself is thousands of bytes.
            "route token of \(text.utf8.count) bytes exceeds the limit of "
              + "\(RouteToken.maximumLength)"
          } else {
            "\(error)"
          }
        note("\(location)[\(index)]", "\(problem); \(Self.routesRemoved(count - index))")
        break
      }
    }
    return routes.isEmpty ? nil : routes
  }

  /// `3 routes from here removed`; built only when a stack is cut, to keep decoding fast.
  private static func routesRemoved(_ count: Int) -> String {
    "\(count) route\(count == 1 ? "" : "s") from here removed"
  }
}
