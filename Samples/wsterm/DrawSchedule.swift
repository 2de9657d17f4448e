/// When wsterm draws a frame: once for the events that come together.
///
/// A command wakes the change stream and the status (saving, then saved), and a frame costs
/// milliseconds of the main actor that a save, a reply or the next key would wait for. So a
/// handled event asks for a draw (`Event.draw`, sent from a task of the main actor, so it
/// comes after what the same turn woke) only if none is queued, and:
/// - a status that the status line does not show (saving, saved) draws nothing;
/// - a change that came from elsewhere (a `wsctl` call) while its save runs is drawn once the
///   save is done: the call waits for that save, which the frame's work and the terminal's
///   would slow on a busy machine; a key's change is drawn at once.
struct DrawSchedule {
  /// The file problem the last frame showed on the status line.
  private var drawnProblem: String?
  /// Whether a draw is queued and not drawn yet.
  private var isDrawQueued = false
  /// Whether a change is waiting for the save that holds it before it is drawn.
  private var isDrawWaitingForSave = false
  /// Whether a key was typed since the last frame: its changes are drawn at once.
  private var isKeyTyped = false

  /// A schedule after the first frame, which showed `problem`.
  init(drawn problem: String?) {
    drawnProblem = problem
  }

  /// Records a frame drawn showing `problem`.
  mutating func drew(showing problem: String?) {
    isDrawQueued = false
    isKeyTyped = false
    drawnProblem = problem
  }

  /// Whether to queue a draw after `event` was handled, given whether the session is saving
  /// and the file problem the status line would show now. Queues it (a later event asks for
  /// none) until ``drew(showing:)``.
  mutating func queuesDraw(after event: Event, isSaving: Bool, fileProblem: String?) -> Bool {
    switch event {
    case .bytes, .escapeTimeout:
      isKeyTyped = true
    case .changed where !isKeyTyped && isSaving:
      isDrawWaitingForSave = true
      return false
    case .status:
      // The save that held the change is done (the status changes at the end of each).
      if isDrawWaitingForSave {
        isDrawWaitingForSave = false
      } else if fileProblem == drawnProblem {
        return false
      }
    case .signal, .endOfInput, .changed, .draw:
      break
    }
    guard !isDrawQueued else { return false }
    isDrawQueued = true
    return true
  }
}
