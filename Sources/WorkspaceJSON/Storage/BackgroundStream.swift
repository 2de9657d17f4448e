import Dispatch

/// A stream that hands each piece to another stream on a serial queue of its own, so that the
/// encoder fills the next piece while the last one is compared with the stored file and
/// written: a save of a large file uses two cores.
///
/// The first piece is handed on at once, on the caller's thread, so a file of one piece (a
/// small file) never waits for another thread. Each later piece is copied into one of a few
/// buffers that the queue gives back once the piece is handed on; the encoder waits only when
/// all of them are in use. ``finish()`` waits for the queue, after which the other stream may
/// be used again from the caller's thread.
final class BackgroundStream: JSONByteStream, @unchecked Sendable {
  /// The stream the pieces go to, used only on `queue` until ``finish()``.
  private let destination: any JSONByteStream
  private let queue = DispatchQueue(label: "WorkspaceStore.save")
  /// One count per buffer not in use.
  private let free: DispatchSemaphore
  /// The buffers, used in turn: the queue hands pieces on in order, so the next one is the
  /// first to come free.
  private var buffers: [UnsafeMutableRawBufferPointer]
  private var next = 0
  /// Whether a piece was handed on yet.
  private var isStarted = false

  /// Creates a stream that hands pieces to `destination` with up to `depth` of them waiting.
  init(to destination: any JSONByteStream, depth: Int = 3) {
    self.destination = destination
    free = DispatchSemaphore(value: depth)
    buffers = Array(repeating: UnsafeMutableRawBufferPointer(start: nil, count: 0), count: depth)
  }

  deinit {
    finish()
    for buffer in buffers { buffer.deallocate() }
  }

  func write(_ piece: UnsafeBufferPointer<UInt8>) {
    guard isStarted else {
      isStarted = true
      return destination.write(piece)
    }
    free.wait()
    if buffers[next].count < piece.count {
      buffers[next].deallocate()
      buffers[next] = .allocate(byteCount: max(piece.count, 1 << 16), alignment: 64)
    }
    let buffer = Piece(start: buffers[next].baseAddress!, count: piece.count)
    buffer.start.copyMemory(from: piece.baseAddress!, byteCount: piece.count)
    next = (next + 1) % buffers.count
    queue.async { [self] in
      destination.write(buffer.bytes)
      free.signal()
    }
  }

  /// Waits until every piece has been handed on.
  func finish() {
    queue.sync {}
  }
}

/// A piece's bytes in a buffer of ``BackgroundStream``, passed to its queue.
private struct Piece: @unchecked Sendable {
  let start: UnsafeMutableRawPointer
  let count: Int

  var bytes: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count)
  }
}
