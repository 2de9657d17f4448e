import Foundation

/// A tmux server of the benchmark's own (its own socket, no configuration file), the anchor of
/// the live rows: with no command, one session of two panes side by side, so that
/// `select-pane` always has a pane to move to; with one, a session running it.
///
/// The two panes run `cat`, which waits on its terminal and takes no processor time: a pane
/// with no command starts the user's login shell, whose start-up (here `bash -l` with its
/// profile, ~150 ms of processor time a pane, two panes) ran on the 2-core machine during
/// the first rows, the `focus` rows, slowing both sides of them (a live host's hand-offs
/// between threads and processes most). What a pane runs does not change what tmux does for
/// `select-pane` or `display-message`.
struct TmuxServer: Sendable {
  /// The tmux program and the arguments that name this server, for any tmux command.
  let server: [String]
  private let tmux: String

  /// Starts the server, or `nil` without tmux or if it did not start.
  init?(name: String, command: String? = nil, width: Int = 80, height: Int = 24) {
    guard let tmux = LiveBench.tmuxPath else { return nil }
    self.tmux = tmux
    server = ["-L", name, "-f", "/dev/null"]
    let size = ["-x", "\(width)", "-y", "\(height)"]
    guard
      EndToEnd.launch(tmux, server + ["new-session", "-d"] + size + [command ?? Self.idle])
    else { return nil }
    guard command != nil || EndToEnd.launch(tmux, server + ["split-window", "-h", Self.idle])
    else {
      stop()
      return nil
    }
  }

  /// What the anchor's panes run: a program that waits on its terminal, idle.
  private static let idle = "cat"

  /// Runs a tmux command against this server; whether it succeeded.
  func run(_ arguments: [String]) -> Bool {
    EndToEnd.launch(tmux, server + arguments)
  }

  /// Runs tmux itself (as for `-C`) with the arguments that name this server first.
  var program: String { tmux }

  /// `tmux select-pane` to pane `index` of the current window (a write).
  func selectPane(_ index: Int) -> Bool {
    run(["select-pane", "-t", ":.\(index)"])
  }

  /// `tmux display-message -p` of the current pane's id (a read).
  func displayMessage() -> Bool {
    run(["display-message", "-p", "#{pane_id}"])
  }

  /// Ends the server and what runs in it.
  func stop() {
    _ = run(["kill-server"])
  }
}
