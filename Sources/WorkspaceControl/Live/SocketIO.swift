import WorkspaceSystem

/// The system calls of the control socket, for the host's listener and for `wsctl`.
enum SocketIO {
  /// Milliseconds on the monotonic clock, for deadlines.
  package static func now() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
  }

  /// Waits until a descriptor is ready for `events` or the deadline passes.
  ///
  /// - Returns: Whether it is ready (or closed, which the next call then reports).
  static func wait(_ descriptor: Int32, for events: Int32, until deadline: Int64) -> Bool {
    while true {
      let left = deadline - now()
      guard left > 0 else { return false }
      var entry = pollfd(fd: descriptor, events: Int16(events), revents: 0)
      let ready = poll(&entry, 1, Int32(min(left, Int64(Int32.max))))
      if ready > 0 { return true }
      if ready == 0 { return false }
      if errno != EINTR { return true }
    }
  }

  /// What a non-blocking ``connect(_:to:length:until:)`` came to.
  enum ConnectResult: Equatable {
    case connected
    /// The peer did not take the connection before the deadline (its backlog stayed full).
    case timedOut
    /// The call failed with this `errno` (`ENOENT`: no socket; `ECONNREFUSED`: nobody
    /// listens, or, on Apple platforms, a full backlog).
    case failed(Int32)
  }

  /// Connects a non-blocking socket before the deadline. A connection in progress is waited
  /// for; a full backlog (`EAGAIN`, as Linux reports it for a Unix-domain socket) is tried
  /// again, a little later each time, until the deadline.
  static func connect(
    _ descriptor: Int32, to address: UnsafePointer<sockaddr>, length: socklen_t,
    until deadline: Int64
  ) -> ConnectResult {
    var pause: useconds_t = 1000
    while true {
      if systemConnect(descriptor, address, length) == 0 { return .connected }
      let code = errno
      switch code {
      case EISCONN:
        return .connected
      case EINPROGRESS, EALREADY, EINTR:
        guard wait(descriptor, for: Int32(POLLOUT), until: deadline) else { return .timedOut }
        var failure: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &size) == 0 else {
          return .failed(errno)
        }
        return failure == 0 ? .connected : .failed(failure)
      case EAGAIN:
        let left = deadline - now()
        guard left > 0 else { return .timedOut }
        usleep(min(pause, useconds_t(left * 1000)))
        pause = min(pause * 2, 20_000)
      default:
        return .failed(code)
      }
    }
  }

  /// Writes every byte to a non-blocking socket before the deadline.
  ///
  /// - Throws: ``ControlError/timedOut`` or ``ControlError/system(_:_:)``; the peer may have
  ///   received part of the bytes.
  static func writeAll(
    _ bytes: [UInt8], to descriptor: Int32, until deadline: Int64
  ) throws(ControlError) {
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        retryingOnInterrupt {
          send(descriptor, buffer.baseAddress! + written, bytes.count - written, Platform.sendFlags)
        }
      }
      if count > 0 {
        written += count
      } else if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
        guard wait(descriptor, for: Int32(POLLOUT), until: deadline) else { throw .timedOut }
      } else {
        throw .system("send", errno)
      }
    }
  }

  /// Reads one whole frame from a non-blocking socket before the deadline.
  ///
  /// - Parameters:
  ///   - descriptor: The socket.
  ///   - limit: The longest body accepted.
  ///   - deadline: When to give up, on ``now()``'s clock.
  /// - Returns: The body, or `nil` if the peer closed before a frame began.
  /// - Throws: ``ControlError/tooLarge(_:limit:)``, ``ControlError/cutOff``,
  ///   ``ControlError/timedOut`` or ``ControlError/system(_:_:)``.
  static func readFrame(
    from descriptor: Int32, limit: Int, until deadline: Int64
  ) throws(ControlError) -> [UInt8]? {
    let header = try read(count: 4, from: descriptor, until: deadline)
    if header.isEmpty { return nil }
    guard header.count == 4 else { throw .cutOff }
    let length = ControlProtocol.length(ofHeader: header)
    guard length <= limit else { throw .tooLarge(length, limit: limit) }
    let body = try read(count: length, from: descriptor, until: deadline)
    guard body.count == length else { throw .cutOff }
    return body
  }

  /// Reads `count` bytes into a new array, fewer only at the end of the stream.
  ///
  /// `recv` writes straight into the array's storage: no chunk to zero and copy from (a
  /// 64 KiB chunk zeroed for the header and again for the body was a sixth of a `wsctl
  /// routes` call's instructions, callgrind).
  private static func read(count: Int, from descriptor: Int32, until deadline: Int64)
    throws(ControlError) -> [UInt8]
  {
    var failure: ControlError?
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      while initialized < count {
        let got = retryingOnInterrupt {
          recv(descriptor, buffer.baseAddress! + initialized, count - initialized, 0)
        }
        if got > 0 {
          initialized += got
        } else if got == 0 {
          return
        } else if errno == EAGAIN || errno == EWOULDBLOCK {
          guard wait(descriptor, for: Int32(POLLIN), until: deadline) else {
            failure = .timedOut
            return
          }
        } else if errno == ECONNRESET {
          return
        } else {
          failure = .system("recv", errno)
          return
        }
      }
    }
    if let failure { throw failure }
    return bytes
  }

}

private func systemConnect(
  _ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t
) -> Int32 {
  connect(descriptor, address, length)
}
