import Workspace
import WorkspaceJSON

/// A request `wsctl` sends a live host (see ``ControlProtocol``): encoded and decoded here
/// only, by the client and the host alike.
///
///     ControlRequest.status.value   // {"version": 1, "kind": "status"}
package enum ControlRequest: Hashable, Sendable {
  /// Run a call's arguments as file mode would, for the terminal that asked.
  case run(HostCall)
  /// The host's pid, file and save status.
  case status
  /// Every change from now on, one line each (JSON lines when `json`).
  case watch(json: Bool)
  /// A control session (`wsctl control`): once the host says ``ControlReply/controlling``,
  /// every further frame on the connection is a ``run(_:)``, answered in order.
  case control

  /// The request as a message, with the protocol's version.
  package var value: JSONValue {
    switch self {
    case .run(let call):
      var members: [(String, JSONValue)] = [
        ("kind", "run"), ("arguments", .array(call.arguments.map(JSONValue.string))),
        (
          "terminal",
          .object([
            "width": .number(Double(call.terminal.size.width)),
            "height": .number(Double(call.terminal.size.height)),
            "color": .bool(call.terminal.usesColor),
          ])
        ),
      ]
      // The file as this call names it, for the host's messages to name it alike.
      if let file = call.fileName { members.append(("file", .string(file))) }
      return ControlProtocol.message(members)
    case .status: return ControlProtocol.message([("kind", "status")])
    case .watch(let json):
      return ControlProtocol.message([("kind", "watch"), ("json", .bool(json))])
    case .control: return ControlProtocol.message([("kind", "control")])
    }
  }

  /// The request as a frame: ``ControlProtocol/frame(_:)`` of ``value``, byte for byte.
  ///
  /// A call's request, the one every `wsctl` call to a host sends, is written straight into
  /// bytes: building its ``value`` first made the runtime instantiate the metadata of four
  /// array types at first use, a tenth of a short call's instructions.
  package var frame: [UInt8] {
    guard case .run(let call) = self else { return ControlProtocol.frame(value) }
    var body: [UInt8] = []
    body.reserveCapacity(96)
    body += #"{"version":"#.utf8
    body += String(ControlProtocol.version).utf8
    body += #","kind":"run","arguments":["#.utf8
    for (index, argument) in call.arguments.enumerated() {
      if index > 0 { body.append(UInt8(ascii: ",")) }
      body += JSONWriter.write(.string(argument), style: .compact)
    }
    body += #"],"terminal":{"width":"#.utf8
    body += String(call.terminal.size.width).utf8
    body += #","height":"#.utf8
    body += String(call.terminal.size.height).utf8
    body += #","color":"#.utf8
    body += (call.terminal.usesColor ? "true" : "false").utf8
    body.append(UInt8(ascii: "}"))
    if let file = call.fileName {
      body += #","file":"#.utf8
      body += JSONWriter.write(.string(file), style: .compact)
    }
    body.append(UInt8(ascii: "}"))
    return ControlProtocol.frame(body: body)
  }

  /// Reads a request whose version ``ControlProtocol/message(_:limit:)`` checked.
  ///
  /// - Throws: ``ControlError/malformed(_:)`` naming what is missing or unknown.
  package init(_ message: JSONObject) throws(ControlError) {
    switch message["kind"]?.stringValue {
    case "run":
      guard let items = message["arguments"]?.arrayValue,
        case let arguments = items.compactMap(\.stringValue), arguments.count == items.count,
        let terminal = message["terminal"]?.objectValue,
        let width = terminal["width"]?.intValue, let height = terminal["height"]?.intValue
      else { throw .malformed("'arguments' and 'terminal' are required") }
      self = .run(
        HostCall(
          arguments: arguments,
          terminal: TerminalTraits(
            size: Size(width: width, height: height),
            usesColor: terminal["color"]?.boolValue == true),
          fileName: message["file"]?.stringValue))
    case "status": self = .status
    case "watch": self = .watch(json: message["json"]?.boolValue == true)
    case "control": self = .control
    default: throw .malformed("unknown kind '\(message["kind"]?.stringValue ?? "")'")
    }
  }
}

/// What a live host sends back (see ``ControlProtocol``): encoded and decoded here only.
package enum ControlReply: Hashable, Sendable {
  /// A run call's answer: what `wsctl` prints and exits with.
  case answered(ToolReply)
  /// Not for a host: `wsctl` runs the call on the file.
  case declined
  /// The host's status: its pid, its file and how its last save went (each may be missing
  /// from a host that does not say).
  case status(pid: Int?, file: String?, status: String?)
  /// One change, for a watch.
  case line(String)
  /// The host serves a control session on the connection from now on.
  case controlling
  /// The request was refused before it applied (a malformed request, another version, a
  /// host too busy); nothing changed.
  case refused(String)

  /// The reply as a message, with the protocol's version.
  package var value: JSONValue {
    switch self {
    case .answered(let reply):
      ControlProtocol.message([
        ("output", .string(reply.output)), ("errors", .string(reply.errors)),
        ("exit", .number(Double(reply.exitCode.rawValue))),
      ])
    case .declined: ControlProtocol.message([("declined", true)])
    case .status(let pid, let file, let status):
      ControlProtocol.message(
        [
          ("pid", pid.map { .number(Double($0)) }), ("file", file.map(JSONValue.string)),
          ("status", status.map(JSONValue.string)),
        ].compactMap { key, value in
          value.map { (key, $0) }
        })
    case .line(let line): ControlProtocol.message([("line", .string(line))])
    case .controlling: ControlProtocol.message([("control", true)])
    case .refused(let reason): ControlProtocol.message([("error", .string(reason))])
    }
  }

  /// Reads a reply by its members; `nil` for one of no known shape (a malformed reply).
  package init?(_ message: JSONObject) {
    if let reason = message["error"]?.stringValue {
      self = .refused(reason)
    } else if message["declined"]?.boolValue == true {
      self = .declined
    } else if let line = message["line"]?.stringValue {
      self = .line(line)
    } else if message["control"]?.boolValue == true {
      self = .controlling
    } else if let output = message["output"]?.stringValue,
      let errors = message["errors"]?.stringValue, let code = message["exit"]?.intValue,
      let raw = Int32(exactly: code), let exitCode = ExitCode(rawValue: raw)
    {
      self = .answered(ToolReply(output: output, errors: errors, exitCode: exitCode))
    } else if message["pid"] != nil || message["status"] != nil || message["file"] != nil {
      self = .status(
        pid: message["pid"]?.intValue, file: message["file"]?.stringValue,
        status: message["status"]?.stringValue)
    } else {
      return nil
    }
  }
}
