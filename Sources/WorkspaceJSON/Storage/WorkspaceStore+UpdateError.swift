import Workspace

extension WorkspaceStore {
  /// Why an ``WorkspaceStore/update(default:_:)`` or ``WorkspaceStore/merge(default:_:)``
  /// wrote nothing: the file could not be read, locked or written, or the caller's closure
  /// threw. Either way the file is as it was.
  ///
  ///     do {
  ///       try store.update(default: .example) { (state) throws(WorkspaceError) in
  ///         try state.apply(.split(.horizontal))
  ///       }
  ///     } catch .file(let error) {
  ///       print(error, error.exitCode)
  ///     } catch .change(let refusal) {
  ///       print(refusal, refusal.exitCode)
  ///     }
  public enum UpdateError<ChangeError: Error>: Error {
    /// Reading, locking, decoding, checking or writing the file failed.
    case file(WorkspaceFileError)
    /// The caller's closure threw; nothing was written.
    case change(ChangeError)
  }
}

extension WorkspaceStore.UpdateError: Equatable where ChangeError: Equatable {}

extension WorkspaceStore.UpdateError: CustomStringConvertible {
  /// The message of the error inside.
  public var description: String {
    switch self {
    case .file(let error): error.description
    case .change(let error): "\(error)"
    }
  }
}
