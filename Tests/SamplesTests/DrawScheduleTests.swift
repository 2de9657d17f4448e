import Testing

@testable import wsterm

/// When wsterm draws: one frame for events that come together, a change from elsewhere after
/// its save, a status only when the status line shows something new.
@Suite struct DrawScheduleTests {
  /// A step: an event handled (with whether the session is saving and the file problem the
  /// status line would show), or a frame drawn.
  private enum Step {
    case handled(Event, isSaving: Bool = false, problem: String? = nil)
    case drew(problem: String? = nil)
  }

  /// Whether each handled event queued a draw, in order.
  private func draws(_ steps: [Step], drawn problem: String? = nil) -> [Bool] {
    var schedule = DrawSchedule(drawn: problem)
    var draws: [Bool] = []
    for step in steps {
      switch step {
      case .handled(let event, let isSaving, let problem):
        draws.append(schedule.queuesDraw(after: event, isSaving: isSaving, fileProblem: problem))
      case .drew(let problem):
        schedule.drew(showing: problem)
      }
    }
    return draws
  }

  private let change = Event.changed(
    WorkspaceChangeSummary(isAdopted: false, revision: 1, conflicts: []))

  @Test func aKeyQueuesOneDrawForEverythingUntilTheFrame() {
    let draws = draws([
      .handled(.bytes([0x61])),
      // Its change, the saving status and more keys wait for the queued draw.
      .handled(change, isSaving: true), .handled(.bytes([0x62]), isSaving: true),
      .handled(.escapeTimeout, isSaving: true),
      .drew(), .handled(.escapeTimeout),
    ])
    #expect(draws == [true, false, false, false, true])
  }

  @Test func aKeysChangeIsDrawnWithTheKeyNotAfterItsSave() {
    let draws = draws([
      .handled(.bytes([0x61])), .handled(change, isSaving: true), .drew(),
      // The key's frame showed its change: the end of the save draws nothing more.
      .handled(.status),
    ])
    #expect(draws == [true, false, false])
  }

  @Test func aChangeFromElsewhereIsDrawnWhenItsSaveIsDone() {
    let draws = draws([
      .handled(change, isSaving: true),
      // The status that ends the save draws, though the status line shows nothing new.
      .handled(.status), .drew(), .handled(.status),
    ])
    #expect(draws == [false, true, false])
  }

  @Test func aChangeWithoutASaveIsDrawnAtOnce() {
    #expect(draws([.handled(change)]) == [true])
  }

  @Test func aStatusDrawsOnlyWhenTheFileProblemShownChanges() {
    let draws = draws([
      .handled(.status, isSaving: true),
      .handled(.status, problem: "unsavable"), .drew(problem: "unsavable"),
      .handled(.status, problem: "unsavable"), .handled(.status),
    ])
    #expect(draws == [false, true, false, true])
    #expect(self.draws([.handled(.status, problem: "corrupt")], drawn: "corrupt") == [false])
  }

  @Test func aSignalOrTheEndOfInputDraws() {
    #expect(draws([.handled(.signal(28)), .drew(), .handled(.endOfInput)]) == [true, true])
  }
}
