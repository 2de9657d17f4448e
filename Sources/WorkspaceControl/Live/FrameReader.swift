import WorkspaceSystem

/// Reads frames one after another from a socket that carries many (a control session), a
/// large read at a time: the frames that arrived together are taken from one buffer, with a
/// system call only when it runs dry.
///
///     var reader = FrameReader(descriptor: socket, limit: ControlProtocol.maximumRequestBytes)
///     while let body = try reader.next(waitingUntil: .max, then: ControlProtocol.requestDeadline) { … }
struct FrameReader {
  /// The socket, non-blocking.
  let descriptor: Int32
  /// The longest body accepted.
  let limit: Int
  private var buffer: [UInt8] = []
  /// Where the unread bytes of ``buffer`` start.
  private var start = 0
  private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

  init(descriptor: Int32, limit: Int) {
    self.descriptor = descriptor
    self.limit = limit
  }

  /// Whether a whole frame is already read, so that ``next(waitingUntil:then:)`` returns
  /// without waiting.
  var hasFrame: Bool {
    let available = buffer.count - start
    return available >= 4
      && available >= 4 + ControlProtocol.length(ofHeader: buffer[start..<start + 4])
  }

  /// The next frame's body, or `nil` when the peer closed the stream between frames.
  ///
  /// - Parameters:
  ///   - idle: Until when to wait for a frame to begin (`Int64.max` for as long as it
  ///     takes), on ``SocketIO/now()``'s clock.
  ///   - whole: How long a frame that began has to arrive whole, in milliseconds.
  /// - Throws: ``ControlError/tooLarge(_:limit:)``, ``ControlError/cutOff``,
  ///   ``ControlError/timedOut`` or ``ControlError/system(_:_:)``.
  mutating func next(waitingUntil idle: Int64, then whole: Int64) throws(ControlError)
    -> [UInt8]?
  {
    var deadline = idle
    while true {
      let available = buffer.count - start
      if available >= 4 {
        let length = ControlProtocol.length(ofHeader: buffer[start..<start + 4])
        guard length <= limit else { throw .tooLarge(length, limit: limit) }
        if available >= 4 + length {
          let body = Array(buffer[start + 4..<start + 4 + length])
          start += 4 + length
          if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
          }
          return body
        }
      }
      if available > 0, deadline == idle {
        deadline = SocketIO.now() + whole
      }
      guard try fill(until: deadline) else {
        if available == 0 { return nil }
        throw .cutOff
      }
    }
  }

  /// Reads what the socket holds into the buffer, waiting for it until the deadline.
  ///
  /// - Returns: `false` at the end of the stream.
  private mutating func fill(until deadline: Int64) throws(ControlError) -> Bool {
    if start > 0, start >= buffer.count / 2 {
      buffer.removeFirst(start)
      start = 0
    }
    while true {
      let count = chunk.withUnsafeMutableBytes { bytes in
        retryingOnInterrupt { recv(descriptor, bytes.baseAddress, bytes.count, 0) }
      }
      if count > 0 {
        buffer += chunk[0..<count]
        return true
      }
      if count == 0 { return false }
      switch errno {
      case EAGAIN, EWOULDBLOCK:
        guard SocketIO.wait(descriptor, for: Int32(POLLIN), until: deadline) else {
          throw .timedOut
        }
      case ECONNRESET: return false
      default: throw .system("recv", errno)
      }
    }
  }
}
