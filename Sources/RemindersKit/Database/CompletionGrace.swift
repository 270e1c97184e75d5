import Foundation
import SQLiteData
import Synchronization

extension Reminder {
  /// How long a ticked reminder stays "completing" (and can be unticked) before it is completed.
  public static let completionGracePeriod: TimeInterval = 5
}

/// The `reminders_complete_later(id)` SQL function: the completing trigger calls it with the
/// reminder's id, and it schedules the write that completes the reminder when the grace period
/// ends. Ticking the same reminder again restarts its period; the write changes nothing if the
/// reminder was unticked (or deleted) meanwhile.
final class CompletionGrace: Sendable {
  static let functionName = "reminders_complete_later"

  private struct State {
    /// Weak: the writer's connection holds the function, which holds this.
    weak var writer: (any DatabaseWriter)?
    /// The latest scheduling of each reminder, so that an earlier one that falls due does nothing.
    var generations: [UUID: Int] = [:]
    var nextGeneration = 0
  }

  private let scheduler: any CompletionScheduler
  private let state: Mutex<State>

  init(writer: any DatabaseWriter, scheduler: any CompletionScheduler) {
    state = Mutex(State(writer: writer))
    self.scheduler = scheduler
  }

  var function: DatabaseFunction {
    DatabaseFunction(Self.functionName, argumentCount: 1) { [self] arguments in
      guard case .text(let text) = arguments[0], let id = UUID(uuidString: text) else {
        throw DatabaseError(
          resultCode: .SQLITE_MISMATCH,
          message: "\(Self.functionName) needs a reminder id (text UUID), got \(arguments[0])")
      }
      schedule(id)
      return nil
    }
  }

  private func schedule(_ id: UUID) {
    let generation = state.withLock { state in
      state.nextGeneration += 1
      state.generations[id] = state.nextGeneration
      return state.nextGeneration
    }
    scheduler.schedule(after: Reminder.completionGracePeriod) { [weak self] in
      self?.complete(id, generation: generation)
    }
  }

  private func complete(_ id: UUID, generation: Int) {
    let writer = state.withLock { state -> (any DatabaseWriter)? in
      guard state.generations[id] == generation else { return nil }
      state.generations[id] = nil
      return state.writer
    }
    guard let writer else { return }
    withErrorReporting("Completing a reminder after its grace period") {
      try writer.write { db in
        try Self.completeNow(db, where: { $0.id.eq(id) })
        // The end of the user's completion, not another program's change: undo still takes it.
        try UndoLog.followOwnChange(ofReminder: id, db)
      }
    }
  }

  /// Whether a reminder is in its grace period (`completeNow` would complete it).
  static func isAnyCompleting(_ db: Database) throws -> Bool {
    try Reminder.where { $0.status.eq(Reminder.Status.completing) }.fetchCount(db) > 0
  }

  /// Completes reminders still completing: after the grace period, or at launch for those left
  /// completing when the app last stopped.
  static func completeNow(
    _ db: Database,
    where condition: (Reminder.TableColumns) -> SQLQueryExpression<Bool> = { _ in
      SQLQueryExpression("1")
    }
  ) throws {
    try Reminder
      .where { condition($0) && $0.status.eq(Reminder.Status.completing) }
      .update { $0.status = Reminder.Status.completed }
      .execute(db)
  }
}
