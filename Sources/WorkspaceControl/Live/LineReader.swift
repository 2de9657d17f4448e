import WorkspaceSystem

/// Reads the lines of a control session's script (`wsctl control`) from a descriptor, a
/// large read at a time. A line ends at `\n` (a `\r` before it is dropped), or at the end of
/// the input; a line longer than ``limit`` bytes is read to its end and reported as too long,
/// never held whole.
struct LineReader {
  /// One line of the input.
  enum Line {
    /// The line's bytes, without its ending.
    case text([UInt8])
    /// A line of more than the limit's bytes.
    case tooLong
  }

  let descriptor: Int32
  /// The longest line read whole, in bytes.
  let limit: Int
  private var buffer: [UInt8] = []
  private var start = 0
  private var isAtEnd = false
  /// Why reading failed, once it did.
  private(set) var failure: Errno?

  init(descriptor: Int32, limit: Int) {
    self.descriptor = descriptor
    self.limit = limit
  }

  /// Whether the next line is already read whole, so that ``next()`` returns it without
  /// waiting for the input.
  ///
  /// - Complexity: O(*n*), where *n* is the length of that line.
  var hasLine: Bool {
    start < buffer.count && (isAtEnd || buffer[start...].contains(10))
  }

  /// The next line, or `nil` at the end of the input (or once reading failed: see
  /// ``failure``).
  mutating func next() -> Line? {
    var isTooLong = false
    while true {
      if let end = buffer[start...].firstIndex(of: 10) {
        defer { start = end + 1 }
        if isTooLong || end - start > limit { return .tooLong }
        var line = Array(buffer[start..<end])
        if line.last == 13 { line.removeLast() }
        return .text(line)
      }
      if buffer.count - start > limit {
        // Too long: its bytes so far are dropped, and the rest up to its end.
        isTooLong = true
        buffer.removeAll(keepingCapacity: true)
        start = 0
      }
      if isAtEnd {
        guard start < buffer.count || isTooLong else { return nil }
        defer {
          buffer.removeAll()
          start = 0
        }
        if isTooLong { return .tooLong }
        var line = Array(buffer[start...])
        if line.last == 13 { line.removeLast() }
        return .text(line)
      }
      fill()
    }
  }

  /// Reads more of the input into the buffer; notes its end.
  private mutating func fill() {
    if start > 0 {
      buffer.removeFirst(start)
      start = 0
    }
    let old = buffer.count
    buffer += repeatElement(0, count: 64 * 1024)
    let count = buffer.withUnsafeMutableBytes { bytes in
      retryingOnInterrupt { read(descriptor, bytes.baseAddress! + old, 64 * 1024) }
    }
    buffer.removeLast(64 * 1024 - max(count, 0))
    if count == 0 {
      isAtEnd = true
    } else if count < 0 {
      failure = .current
      isAtEnd = true
    }
  }
}
