/// What toggling reminders as a group did: the state they now share, and which of them it
/// changed (those in that state already were left as they were, and are not in the undo step).
public struct GroupToggle<State: Sendable & Equatable>: Sendable, Equatable {
  public var state: State
  /// The titles of the reminders that changed.
  public var changedTitles: [String]
  /// How many were in `state` already.
  public var unchangedCount: Int

  public init(state: State, changedTitles: [String], unchangedCount: Int) {
    self.state = state
    self.changedTitles = changedTitles
    self.unchangedCount = unchangedCount
  }

  /// A status-line message naming the reminders that changed as the undo step does (“Groceries”,
  /// or how many), and how many already were as they are now: `phrase` puts the name in a
  /// sentence, as in `{ "Flagged \($0)" }` → “Flagged 2 reminders (1 already was)”.
  public func message(_ phrase: (String) -> String) -> String {
    let subject = changedTitles.count == 1 ? quoted(changedTitles[0]) : "\(changedTitles.count) reminders"
    guard unchangedCount > 0 else { return phrase(subject) }
    return phrase(subject) + " (\(unchangedCount) already \(unchangedCount == 1 ? "was" : "were"))"
  }
}
