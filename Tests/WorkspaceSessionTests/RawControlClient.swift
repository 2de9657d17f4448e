import Foundation
import WorkspaceSystem

/// A client of a host's control socket that sends whatever bytes a test gives it.
struct RawControlClient: Sendable {
  let descriptor: Int32

  /// Connects to the socket at `path`.
  init(path: String) throws {
    descriptor = socket(AF_UNIX, Platform.streamSocketType, 0)
    var address = Self.address(path)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    if connected != 0 {
      WorkspaceSystem.close(descriptor)
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
  }

  static func address(_ path: String) -> sockaddr_un {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
    }
    return address
  }

  /// A frame: the body's length, big-endian, then the body.
  static func frame(_ body: [UInt8]) -> [UInt8] {
    let length = UInt32(body.count)
    return withUnsafeBytes(of: length.bigEndian) { Array($0) } + body
  }

  /// A request frame of a JSON object.
  static func request(_ object: [String: Any]) -> [UInt8] {
    frame(Array(try! JSONSerialization.data(withJSONObject: object)))
  }

  /// A `run` request for `wsctl`'s arguments.
  static func run(_ arguments: [String]) -> [UInt8] {
    request([
      "version": 1, "kind": "run", "arguments": arguments,
      "terminal": ["width": 80, "height": 24, "color": false],
    ])
  }

  func send(_ bytes: [UInt8]) {
    var sent = 0
    while sent < bytes.count {
      let count = bytes.withUnsafeBytes {
        WorkspaceSystem.send(
          descriptor, $0.baseAddress! + sent, bytes.count - sent, Platform.sendFlags)
      }
      if count <= 0 { return }
      sent += count
    }
  }

  func shutdownWriting() {
    shutdown(descriptor, Int32(SHUT_WR))
  }

  func close() {
    WorkspaceSystem.close(descriptor)
  }

  /// Reads one reply frame, waiting at most `seconds`; `nil` if none came whole.
  func reply(within seconds: Double = 30) -> ControlReplyFields? {
    var timeout = timeval(tv_sec: Int(seconds), tv_usec: 0)
    setsockopt(
      descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    guard let header = read(4), header.count == 4 else { return nil }
    let length = header.reduce(0) { $0 << 8 | Int($1) }
    guard let body = read(length), body.count == length else { return nil }
    guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
    else { return nil }
    return ControlReplyFields(
      error: object["error"] as? String, output: object["output"] as? String,
      errors: object["errors"] as? String, exitCode: object["exit"] as? Int,
      line: object["line"] as? String)
  }

  private func read(_ count: Int) -> [UInt8]? {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while bytes.count < count {
      let got = recv(descriptor, &buffer, min(buffer.count, count - bytes.count), 0)
      if got <= 0 { return bytes.isEmpty ? nil : bytes }
      bytes += buffer[0..<got]
    }
    return bytes
  }
}

/// The members of a host's reply that the tests look at.
struct ControlReplyFields: Sendable {
  var error: String?
  var output: String?
  var errors: String?
  var exitCode: Int?
  var line: String?
}

/// Sends bytes on a new connection and waits for the reply on a thread of its own.
func exchange(
  _ bytes: [UInt8], with path: String, shutdown: Bool = false
) async throws -> ControlReplyFields? {
  let client = try RawControlClient(path: path)
  defer { client.close() }
  return await onThread {
    client.send(bytes)
    if shutdown { client.shutdownWriting() }
    return client.reply()
  }
}

/// Runs blocking work on a new thread and awaits its result: a test client blocked in `recv`
/// must not hold one of the cooperative pool's few threads, which the host's saves need.
func onThread<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
  await withCheckedContinuation { continuation in
    let thread = Thread { continuation.resume(returning: work()) }
    thread.start()
  }
}
