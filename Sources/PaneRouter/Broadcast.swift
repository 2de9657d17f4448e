/// The streams an object on the main actor hands out, each receiving every element yielded
/// after it was made; all finish when the broadcast goes away.
@MainActor
package final class Broadcast<Element: Sendable> {
  private var continuations: [Int: AsyncStream<Element>.Continuation] = [:]
  private var nextSubscriber = 0

  /// An empty broadcast.
  package init() {}

  /// A new stream of the elements yielded from now on; it stops receiving when its consumer
  /// stops iterating.
  package func stream() -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream<Element>.makeStream()
    let id = nextSubscriber
    nextSubscriber += 1
    continuations[id] = continuation
    continuation.onTermination = { [weak self] _ in
      Task { @MainActor in self?.continuations[id] = nil }
    }
    return stream
  }

  /// Sends an element to every live stream.
  package func yield(_ element: Element) {
    for continuation in continuations.values {
      continuation.yield(element)
    }
  }

  // Nonisolated, as every deinit of a main-actor class before Swift 6.2: it reads only a
  // Sendable stored property, and finishing a continuation is safe from any thread.
  deinit {
    for continuation in continuations.values {
      continuation.finish()
    }
  }
}
