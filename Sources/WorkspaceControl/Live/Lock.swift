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

/// A one-time event over a `pthread_cond_t`: threads wait until it is opened, and once open
/// it stays open (a listener's thread opens it when it has let go of its socket).
package final class Latch: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>
  private var isOpen = false

  package init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    condition.deallocate()
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Opens the latch, waking every waiter.
  package func open() {
    pthread_mutex_lock(mutex)
    isOpen = true
    pthread_cond_broadcast(condition)
    pthread_mutex_unlock(mutex)
  }

  /// Waits until the latch is open.
  package func wait() {
    pthread_mutex_lock(mutex)
    while !isOpen { pthread_cond_wait(condition, mutex) }
    pthread_mutex_unlock(mutex)
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
