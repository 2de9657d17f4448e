import Testing
import WorkspaceJSON

@testable import Workspace
@testable import WorkspaceControl

/// The messages between `wsctl` and a live host: each request and reply encodes once and
/// decodes back to itself through a frame, and a malformed one is refused naming why.
@Suite struct ControlMessageTests {
  static let call = HostCall(
    arguments: ["focus", "2", "push", "detail:7", "rename", "a \"b\"\n"],
    terminal: TerminalTraits(size: Size(width: 80, height: 24), usesColor: true),
    fileName: "w.json")

  /// The message a frame carries, read as the receiving end reads it.
  static func received(_ value: JSONValue, limit: Int) throws -> JSONObject {
    let frame = ControlProtocol.frame(value)
    #expect(ControlProtocol.length(ofHeader: frame) == frame.count - 4)
    return try ControlProtocol.message(Array(frame.dropFirst(4)), limit: limit)
  }

  /// Every kind of request, with a call of no words and one of hostile words and sizes.
  static let requests: [ControlRequest] = [
    .run(call),
    .run(
      HostCall(
        arguments: [], terminal: TerminalTraits(size: Size(width: 1, height: 1), usesColor: false),
        fileName: nil)),
    .run(
      HostCall(
        arguments: ["rename", "tab\u{1}\u{7F}é\\/", "", "push", "😀"],
        terminal: TerminalTraits(size: Size(width: 10_000, height: 0), usesColor: false),
        fileName: "dir/\"w\".json")),
    .status, .watch(json: true), .watch(json: false), .control,
  ]

  @Test(arguments: requests)
  func aRequestRoundTrips(request: ControlRequest) throws {
    let message = try Self.received(request.value, limit: ControlProtocol.maximumRequestBytes)
    #expect(try ControlRequest(message) == request)
  }

  @Test(arguments: requests)
  func aRequestsFrameIsItsValuesFrame(request: ControlRequest) throws {
    // The request a call sends is written straight into bytes: the same bytes, so the host
    // reads what the value says.
    #expect(request.frame == ControlProtocol.frame(request.value))
    let message = try ControlProtocol.message(
      Array(request.frame.dropFirst(4)), limit: ControlProtocol.maximumRequestBytes)
    #expect(try ControlRequest(message) == request)
  }

  @Test(arguments: [
    ControlReply.answered(ToolReply(output: "%3\n", errors: "wsctl: x\n", exitCode: .usage)),
    .declined, .status(pid: 4242, file: "/tmp/w.json", status: "saved at revision 7"),
    .status(pid: nil, file: nil, status: "saving"), .line("focus 2 push detail:7\n"),
    .refused("the host is busy: too many clients at once"),
  ])
  func aReplyRoundTrips(reply: ControlReply) throws {
    let message = try Self.received(reply.value, limit: ControlProtocol.maximumReplyBytes)
    #expect(ControlReply(message) == reply)
  }

  @Test func theWireFormIsTheDocumentedOne() {
    #expect(
      String(
        decoding: JSONWriter.write(ControlRequest.status.value, style: .compact), as: UTF8.self)
        == #"{"version":1,"kind":"status"}"#)
    #expect(
      String(
        decoding: JSONWriter.write(ControlReply.declined.value, style: .compact), as: UTF8.self)
        == #"{"version":1,"declined":true}"#)
    #expect(
      String(
        decoding: JSONWriter.write(ControlReply.line("x\n").value, style: .compact), as: UTF8.self)
        == #"{"version":1,"line":"x\n"}"#)
  }

  @Test(arguments: [
    (#"{"version":1,"kind":"run"}"#, "malformed request: 'arguments' and 'terminal' are required"),
    (
      #"{"version":1,"kind":"run","arguments":["a",1],"terminal":{"width":80,"height":24}}"#,
      "malformed request: 'arguments' and 'terminal' are required"
    ),
    (#"{"version":1,"kind":"dance"}"#, "malformed request: unknown kind 'dance'"),
    (#"{"version":1}"#, "malformed request: unknown kind ''"),
    (#"{"version":2,"kind":"status"}"#, "protocol version 2 is not supported (this host speaks 1)"),
    (#"{"kind":"status"}"#, "malformed request: no 'version'"),
  ])
  func aMalformedRequestIsRefusedNamingWhy(text: String, message: String) {
    let error = #expect(throws: ControlError.self) {
      let object = try ControlProtocol.message(Array(text.utf8), limit: 1 << 20)
      _ = try ControlRequest(object)
    }
    #expect(error?.description == message)
  }

  @Test func aReplyOfNoKnownShapeIsNone() throws {
    #expect(
      ControlReply(try Self.received(ControlProtocol.message([("answer", 42)]), limit: 1 << 20))
        == nil)
    // An exit code outside the tool's codes is no answer.
    let bad = ControlProtocol.message([("output", ""), ("errors", ""), ("exit", 3)])
    #expect(ControlReply(try Self.received(bad, limit: 1 << 20)) == nil)
  }
}
