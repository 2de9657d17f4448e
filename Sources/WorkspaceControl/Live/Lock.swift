#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A mutual-exclusion lock over a `pthread_mutex_t`, for the few values the listener's and the
/// watcher's threads share with their owners (this module does without Foundation, so that
/// `wsctl` starts fast).
package final class Lock: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  package init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` holding the lock.
  package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}

/// Runs `body` on a new detached thread of its own (a loop that blocks in `poll`, which must
/// not hold one of the few threads of Swift's cooperative pool or of Dispatch's).
///
/// - Returns: Whether the thread started.
@discardableResult
package func startThread(_ body: @escaping @Sendable () -> Void) -> Bool {
  final class Box {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }
  let box = Unmanaged.passRetained(Box(body)).toOpaque()
  #if canImport(Darwin)
    var thread: pthread_t?
  #else
    var thread = pthread_t()
  #endif
  let started = pthread_create(
    &thread, nil,
    { context in
      let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
      box.body()
      return nil
    }, box)
  guard started == 0 else {
    Unmanaged<Box>.fromOpaque(box).release()
    return false
  }
  pthread_detach(thread)
  return true
}
