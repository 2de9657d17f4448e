/// A mutual-exclusion lock over a `pthread_mutex_t`, for the few values the control listener's
/// and the file watcher's threads share with their owners (the modules that use it do
/// without Foundation, so that `wsctl` starts fast).
package final class Lock: @unchecked Sendable {
  /// The mutex, which the conditions of a ``Latch`` and a ``Mailbox`` wait on.
  package let mutex: UnsafeMutablePointer<pthread_mutex_t>

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
  private let lock = Lock()
  private let condition: UnsafeMutablePointer<pthread_cond_t>
  private var isOpen = false

  package init() {
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    condition.deallocate()
  }

  /// Opens the latch, waking every waiter.
  package func open() {
    lock.withLock {
      isOpen = true
      pthread_cond_broadcast(condition)
    }
  }

  /// Waits until the latch is open.
  package func wait() {
    lock.withLock {
      while !isOpen { pthread_cond_wait(condition, lock.mutex) }
    }
  }
}
