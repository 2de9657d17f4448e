/// A C library error number, as `errno` reports it, with its text.
package struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
  /// The error number.
  package let rawValue: Int32

  /// The error of a given number.
  package init(_ rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// The error the last failed call of this thread left in `errno`.
  package static var current: Errno { Errno(errno) }

  /// The C library's text for the error (`strerror`), such as "Permission denied".
  package var description: String {
    String(cString: strerror(rawValue))
  }

  /// `EINTR`: a signal interrupted the call.
  package static let interrupted = Errno(EINTR)
  /// `ENOENT`: no such file or directory.
  package static let noSuchFile = Errno(ENOENT)
  /// `EWOULDBLOCK`: the call would have to wait (a lock held, a socket without data).
  static let wouldBlock = Errno(EWOULDBLOCK)
}

/// Calls `call` again for as long as it fails with `EINTR` (a signal arrived meanwhile).
///
/// - Parameter call: A C library call that returns a negative value, with `errno` set, when
///   it fails.
/// - Returns: What the last call returned; after a failure, `errno` is still its error.
///
/// Inlinable, so that each caller in another module gets it for its own integer type: called
/// through its generic entry point, the comparisons went through `BinaryInteger`'s witnesses,
/// ~3,000 instructions of a short `wsctl` call.
@inlinable
package func retryingOnInterrupt<Result: BinaryInteger>(_ call: () -> Result) -> Result {
  while true {
    let result = call()
    if result >= 0 || errno != EINTR { return result }
  }
}
