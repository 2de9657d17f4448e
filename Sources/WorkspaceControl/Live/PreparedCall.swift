/// A `wsctl` call with its words already parsed: what a control session's reading thread
/// works out before the host's main actor sees the call, since it needs none of the
/// workspace's state (a pipelined script's lines are parsed beside the host's work on the
/// lines before them, not on its main actor).
package struct PreparedCall: Sendable {
  /// The call.
  package let call: HostCall
  /// Its arguments parsed, or why they cannot be.
  let invocation: Result<Invocation, Failure>

  /// Parses a call's arguments.
  package init(_ call: HostCall) {
    self.call = call
    invocation = Result { () throws(Failure) in try Invocation(arguments: call.arguments) }
  }
}
