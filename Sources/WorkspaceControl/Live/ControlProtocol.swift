import Workspace
import WorkspaceJSON
import WorkspaceSystem

/// The protocol between `wsctl` and a live host, over the host's control socket.
///
/// Every message is one **frame**: a 4-byte big-endian length, then that many bytes of UTF-8
/// JSON. A request frame holds at most ``maximumRequestBytes`` bytes, a reply frame at most
/// ``maximumReplyBytes``; a longer length is refused before a byte of the body is read.
/// Every request carries ``version``; a host answers a version it does not speak with an
/// error naming both.
///
///     request  {"version": 1, "kind": "run", "arguments": ["focus", "2"],
///               "terminal": {"width": 80, "height": 24, "color": false}}
///     reply    {"version": 1, "output": "", "errors": "", "exit": 0}
///     reply    {"version": 1, "declined": true}     (not for a host: wsctl uses the file)
///     request  {"version": 1, "kind": "status"}  →  {"version": 1, "pid": 4242, "file": "…"}
///     request  {"version": 1, "kind": "watch", "json": false}
///              → one frame per change: {"version": 1, "line": "focus 2 push detail:7\n"}
enum ControlProtocol {
  /// The protocol version this build speaks.
  package static let version = 1
  /// The longest request body, in bytes: 10,000 commands fit many times over.
  static let maximumRequestBytes = 1 << 20
  /// The longest reply body, in bytes: a `show --size 1000x1000` in colour fits.
  static let maximumReplyBytes = 64 << 20
  /// How long a client has to send its whole request once connected, in milliseconds.
  static let requestDeadline: Int32 = 2000

  /// A message of this version: `version`, then the members. Requests and replies are made
  /// by ``ControlRequest`` and ``ControlReply``.
  package static func message(_ members: [(String, JSONValue)]) -> JSONValue {
    .object(JSONObject(members: [("version", .number(Double(version)))] + members))
  }

  /// Frames a message: its length, big-endian, then its bytes.
  package static func frame(_ value: JSONValue) -> [UInt8] {
    frame(body: JSONWriter.write(value, style: .compact))
  }

  /// Frames a message's compact JSON bytes: their length, big-endian, then the bytes.
  static func frame(body: [UInt8]) -> [UInt8] {
    let length = UInt32(body.count)
    return [
      UInt8(length >> 24), UInt8(length >> 16 & 0xff), UInt8(length >> 8 & 0xff),
      UInt8(length & 0xff),
    ] + body
  }

  /// The length a frame's 4-byte header announces.
  package static func length(ofHeader bytes: some Collection<UInt8>) -> Int {
    bytes.prefix(4).reduce(0) { $0 << 8 | Int($1) }
  }

  /// Parses a frame's body as a JSON object.
  ///
  /// - Throws: A ``ControlError`` naming what is wrong with it.
  package static func message(_ body: [UInt8], limit: Int) throws(ControlError) -> JSONObject {
    var limits = JSONLimits.default
    limits.maxDocumentBytes = limit
    limits.maxStringBytes = limit
    let value: JSONValue
    do {
      value = try JSONReader.parse(body, limits: limits)
    } catch {
      throw .malformed("not JSON: \(error)")
    }
    guard let object = value.objectValue else { throw .malformed("not a JSON object") }
    guard let version = object["version"]?.intValue else {
      throw .malformed("no 'version'")
    }
    guard version == Self.version else {
      throw .unsupportedVersion(version)
    }
    return object
  }
}

/// What went wrong between `wsctl` and a host.
package enum ControlError: Error, Hashable, CustomStringConvertible {
  /// The message is not a frame of this protocol.
  case malformed(String)
  /// The frame announces more bytes than the limit allows.
  case tooLarge(Int, limit: Int)
  /// The peer stopped before the whole frame arrived.
  case cutOff
  /// The peer sent nothing (more) before the deadline.
  case timedOut
  /// The request speaks another version of the protocol.
  case unsupportedVersion(Int)
  /// The peer runs as another user.
  case otherUser(UInt32)
  /// The host cannot take the request now (too many clients, out of descriptors); nothing
  /// was applied.
  case busy(String)
  /// A system call failed.
  case system(String, Int32)

  package var description: String {
    switch self {
    case .malformed(let reason): "malformed request: \(reason)"
    case .tooLarge(let length, let limit):
      "request of \(length) bytes is over the limit of \(limit)"
    case .cutOff: "the request was cut off"
    case .timedOut: "no complete request within \(ControlProtocol.requestDeadline) ms"
    case .unsupportedVersion(let version):
      "protocol version \(version) is not supported (this host speaks \(ControlProtocol.version))"
    case .otherUser(let uid): "refused: the peer runs as another user (uid \(uid))"
    case .busy(let reason): "the host is busy: \(reason)"
    case .system(let call, let code): "\(call) failed: \(Errno(code))"
    }
  }
}
