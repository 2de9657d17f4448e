/// A queue between threads: any thread puts, one thread takes in order, waiting while it is
/// empty; once closed, a take returns what is left and then `nil`. For a control session's
/// reply writer and `wsctl control`'s reader, which hand work to a thread of their own.
///
///     let mailbox = Mailbox<Int>()
///     mailbox.put(1)
///     mailbox.close()
///     mailbox.take()   // 1
///     mailbox.take()   // nil
package final class Mailbox<Element>: @unchecked Sendable {
  private let lock = Lock()
  private let condition: UnsafeMutablePointer<pthread_cond_t>
  private var elements: [Element] = []
  /// The index of the next element to take: taking is O(1), the array is compacted as it
  /// empties.
  private var head = 0
  private var isClosed = false

  package init() {
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    condition.deallocate()
  }

  /// Adds an element, waking the taker; an element put after ``close()`` is dropped.
  ///
  /// - Returns: Whether the element was kept.
  @discardableResult
  package func put(_ element: Element) -> Bool {
    lock.withLock {
      guard !isClosed else { return false }
      elements.append(element)
      pthread_cond_signal(condition)
      return true
    }
  }

  /// Takes the next element, waiting for one; `nil` once the mailbox is closed and empty.
  package func take() -> Element? {
    lock.withLock {
      while head == elements.count && !isClosed { pthread_cond_wait(condition, lock.mutex) }
      guard head < elements.count else { return nil }
      let element = elements[head]
      head += 1
      if head == elements.count {
        elements.removeAll(keepingCapacity: true)
        head = 0
      }
      return element
    }
  }

  /// Takes every element there is now, waiting for at least one; empty once the mailbox is
  /// closed and empty.
  package func takeAll() -> [Element] {
    lock.withLock {
      while head == elements.count && !isClosed { pthread_cond_wait(condition, lock.mutex) }
      let taken = Array(elements[head...])
      elements.removeAll(keepingCapacity: true)
      head = 0
      return taken
    }
  }

  /// Whether nothing is waiting to be taken now.
  package var isEmpty: Bool {
    lock.withLock { head == elements.count }
  }

  /// Closes the mailbox: the taker gets what is left, then `nil`.
  package func close() {
    lock.withLock {
      isClosed = true
      pthread_cond_broadcast(condition)
    }
  }
}
