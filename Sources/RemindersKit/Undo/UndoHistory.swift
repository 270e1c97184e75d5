import Foundation
import SQLiteData

/// What undo or redo did: the step's label, for the status line.
public struct UndoOutcome: Hashable, Sendable {
  public enum Direction: Hashable, Sendable {
    case undo
    case redo
  }

  public var direction: Direction
  /// The action's label: `Complete “Groceries”`.
  public var label: String
  /// Why the step could not be replayed, when it could not: it was dropped, and nothing changed.
  public var failure: String?

  /// `Undid Complete “Groceries”` or `Redid Complete “Groceries”`, or why it could not be.
  public var message: String {
    switch (direction, failure) {
    case (.undo, nil): "Undid \(label)"
    case (.redo, nil): "Redid \(label)"
    case (.undo, let failure?):
      "Could not undo \(label): \(failure). It is dropped; the steps before it remain"
    case (.redo, let failure?): "Could not redo \(label): \(failure). It is dropped"
    }
  }
}

/// The labels of the steps undo and redo would reverse next, nil when there are none.
public struct UndoAvailability: Hashable, Sendable {
  public var undoLabel: String?
  public var redoLabel: String?

  public init(undoLabel: String? = nil, redoLabel: String? = nil) {
    self.undoLabel = undoLabel
    self.redoLabel = redoLabel
  }

  public var canUndo: Bool { undoLabel != nil }
  public var canRedo: Bool { redoLabel != nil }
}

/// The undo and redo stacks of the writing connection (see `UndoLog`).
public enum UndoHistory {
  /// How many steps undo keeps; older ones are forgotten.
  public static let limit = 200
}

extension Database {
  /// Runs `body` as one undo step labelled `label`: every change it makes (with what cascades and
  /// triggers do) is undone together. A new step clears redo; a step that changes nothing is not
  /// kept. Inside another step it is part of that step. On a connection without the undo
  /// triggers (not prepared by ``AppDatabase``), it only runs `body`.
  @discardableResult
  public func undoable<T>(_ label: String, _ body: () throws -> T) throws -> T {
    let log = try UndoLog.installed(self)
    guard log.tables, try recordingStep() == nil else { return try body() }
    if !log.triggers { try UndoLog.createTriggers(self) }
    var result: T?
    try inSavepoint {
      let step = try newStep(isRedo: false, label: label)
      try setRecording(step: step, isReplaying: false)
      result = try body()
      try setRecording(step: nil, isReplaying: false)
      try UndoLog.recordFingerprints(of: step, self)
      if try stepIsEmpty(step) {
        try deleteSteps(#""id" = ?"#, [step])
      } else {
        try deleteSteps(#""isRedo" = 1"#, [])
        let stale = try Int.fetchAll(
          self, sql: #"SELECT "id" FROM "undoSteps" WHERE "isRedo" = 0 ORDER BY "id" DESC LIMIT -1 OFFSET ?"#,
          arguments: [UndoHistory.limit])
        for id in stale { try deleteSteps(#""id" = ?"#, [id]) }
      }
      return .commit
    }
    return result!
  }

  /// Runs `body`, a bulk change inside the step being recorded, with the undo triggers and the
  /// triggers that stand aside for undo (new positions, the default list) off; the statements
  /// `inverse` returns afterwards, in the order they are to run, are recorded as its reverse. For
  /// changes whose reverse is a few statements (`DELETE … WHERE rowid BETWEEN …`), where a row
  /// at a time would record thousands. Outside a step it only runs `body`.
  func bulkChange(_ body: () throws -> Void, inverse: () throws -> [String]) throws {
    guard try hasUndoLog(), let step = try recordingStep() else { return try body() }
    try setRecording(step: nil, isReplaying: true)
    try body()
    try setRecording(step: step, isReplaying: false)
    // Undo runs a step's statements newest first.
    for sql in try inverse().reversed() {
      try execute(sql: #"INSERT INTO "undoLog" ("step", "sql") VALUES (?, ?)"#, arguments: [step, sql])
    }
  }

  /// Reverses the last step, recording its reverse for redo. Nil when there is nothing to undo.
  public func undo() throws -> UndoOutcome? { try replay(fromRedo: false) }

  /// Makes the last undone step again. Nil when there is nothing to redo.
  public func redo() throws -> UndoOutcome? { try replay(fromRedo: true) }

  /// What undo and redo would reverse next.
  public func undoAvailability() throws -> UndoAvailability {
    guard try hasUndoLog() else { return UndoAvailability() }
    let undo = try String.fetchOne(
      self, sql: #"SELECT "label" FROM "undoSteps" WHERE "isRedo" = 0 ORDER BY "id" DESC LIMIT 1"#)
    let redo = try String.fetchOne(
      self, sql: #"SELECT "label" FROM "undoSteps" WHERE "isRedo" = 1 ORDER BY "id" DESC LIMIT 1"#)
    return UndoAvailability(undoLabel: undo, redoLabel: redo)
  }

  /// Why a step could not be replayed: its rows changed since, by another program.
  private static let changedElsewhere = "another program has changed the same reminders or lists since"

  /// Replays the inverses of the newest undo (or redo) step in reverse order, in one savepoint,
  /// recording what that does as the newest step of the other stack.
  private func replay(fromRedo: Bool) throws -> UndoOutcome? {
    guard try hasUndoLog() else { return nil }
    var outcome: UndoOutcome?
    try inSavepoint {
      guard
        let row = try Row.fetchOne(
          self, sql: #"SELECT "id", "label" FROM "undoSteps" WHERE "isRedo" = ? ORDER BY "id" DESC LIMIT 1"#,
          arguments: [fromRedo]),
        case .integer(let step) = row[0], case .text(let label) = row[1]
      else { return .commit }
      let entries: [(id: Int, sql: String)] = try Row.fetchAll(
        self, sql: #"SELECT "id", "sql" FROM "undoLog" WHERE "step" = ? ORDER BY "id" DESC"#,
        arguments: [step]
      ).map { row in (try row.decode(Int.self, at: 0), try row.decode(String.self, at: 1)) }
      // A row the step made (a list, a copy, a quick-added reminder) that another program changed
      // since would be deleted with its changes, and a column it changed would lose theirs: the
      // step cannot be replayed.
      if try rowsChangedSince(Int(step)) {
        try deleteSteps(#""id" = ?"#, [Int(step)])
        outcome = UndoOutcome(
          direction: fromRedo ? .redo : .undo, label: label, failure: Self.changedElsewhere)
        return .commit
      }
      let reverse = try newStep(isRedo: !fromRedo, label: label)
      // Rows come back children first (a reminder's tags before the reminder): references are
      // checked when the transaction commits, when every row is back.
      try execute(sql: "PRAGMA defer_foreign_keys = ON")
      try setRecording(step: reverse, isReplaying: true)
      do {
        try inSavepoint {
          try run(entries)
          // A reference checked at commit (a reminder put back into a list another program has
          // deleted since): found now, while the step can still be dropped.
          if hasUnresolvedForeignKeys {
            throw DatabaseError(
              resultCode: .SQLITE_CONSTRAINT_FOREIGNKEY, message: "FOREIGN KEY constraint failed")
          }
          // Deleting what the step made took rows it did not make with it (a reminder another
          // program added to the list, a tag it put on another reminder): not this step's to take.
          if try replay(reverse, tookRowsNotOf: Int(step)) { throw StepConflict() }
          return .commit
        }
      } catch let error
        where error is StepConflict || (error as? DatabaseError)?.resultCode == .SQLITE_CONSTRAINT
      {
        // Another program changed the rows since (put a deleted reminder back, say): the step
        // cannot be replayed, and trying again would fail again. It goes, so that the steps
        // before it can still be undone.
        try setRecording(step: nil, isReplaying: false)
        try deleteSteps(#""id" IN (?, ?)"#, [Int(step), reverse])
        outcome = UndoOutcome(
          direction: fromRedo ? .redo : .undo, label: label, failure: Self.changedElsewhere)
        return .commit
      }
      try setRecording(step: nil, isReplaying: false)
      // The rows as the replay left them, for the replay of this step in turn to check.
      try UndoLog.recordFingerprints(of: reverse, self)
      try deleteSteps(#""id" = ?"#, [Int(step)])
      // A replay that changed nothing found its rows gone or already as it would leave them
      // (another program deleted the reminder, say): said so, not reported as done.
      if try stepIsEmpty(reverse) {
        try deleteSteps(#""id" = ?"#, [reverse])
        outcome = UndoOutcome(
          direction: fromRedo ? .redo : .undo, label: label, failure: Self.changedElsewhere)
      } else {
        outcome = UndoOutcome(direction: fromRedo ? .redo : .undo, label: label)
      }
      return .commit
    }
    return outcome
  }

  /// A replay stopped because another program changed the step's rows since.
  private struct StepConflict: Error {}

  /// Whether a row the step inserted or updated is no longer as the step left it: a row it made,
  /// in any column; a row it updated, in a column it changed (another program's change to another
  /// column stays, as the replay restores only the step's). Changed or deleted by another program
  /// since: this app's own later changes are later steps, undone first. Rows are compared with the
  /// fingerprints recorded when the step ended, or when the undo or redo that recorded it did.
  private func rowsChangedSince(_ step: Int) throws -> Bool {
    // A step that only deleted has no fingerprint: one look, not one a table.
    let hasFingerprints = try Bool.fetchOne(
      self,
      sql: #"SELECT EXISTS (SELECT 1 FROM temp."undoLog" WHERE "step" = ? AND "fingerprint" IS NOT NULL)"#,
      arguments: [step])
    guard hasFingerprints == true else { return false }
    let checks = try String.fetchAll(
      self,
      sql: """
        SELECT "checkSQL" FROM temp."undoTables" WHERE "tableName" IN (
          SELECT "tableName" FROM temp."undoLog" WHERE "step" = ? AND "fingerprint" IS NOT NULL)
        """, arguments: [step])
    for sql in checks where try Bool.fetchOne(self, sql: sql, arguments: [step]) == true { return true }
    return false
  }

  /// Whether replaying `step` (recorded as `reverse`) deleted rows that the step did not write:
  /// rows of others that a cascade took with the step's own. Unknown (false) for a step with a
  /// bulk change, whose entries do not name their rows.
  private func replay(_ reverse: Int, tookRowsNotOf step: Int) throws -> Bool {
    let hasBulk = try Bool.fetchOne(
      self, sql: #"SELECT EXISTS (SELECT 1 FROM temp."undoLog" WHERE "step" = ? AND "tableName" IS NULL)"#,
      arguments: [step])
    guard hasBulk == false else { return false }
    let keys = try String.fetchAll(
      self,
      sql:
        #"SELECT "name" FROM pragma_table_xinfo('undoLog', 'temp') WHERE "name" GLOB 'k[0-9]*' ORDER BY "cid""#
    ).map { $0.quoted() }.joined(separator: ", ")
    guard !keys.isEmpty else { return false }
    return try Bool.fetchOne(
      self,
      sql: """
        SELECT EXISTS (
          SELECT "tableName", \(keys) FROM temp."undoLog" WHERE "step" = ? AND "oldRowid" IS NOT NULL
          EXCEPT
          SELECT "tableName", \(keys) FROM temp."undoLog" WHERE "step" = ?)
        """, arguments: [reverse, step]) ?? false
  }

  /// Runs a step's log entries in the order given (newest first). An inverse that reads a run of
  /// entries (`?1` to `?2`) runs once for the entries that follow with the same inverse and
  /// consecutive ids; one that reads its entry (`?1`) runs for each; a bulk change's inverse holds
  /// its own values. Each text is prepared once, and kept out of the connection's statement cache.
  private func run(_ entries: [(id: Int, sql: String)]) throws {
    var prepared: [String: SQLiteEngine.Statement] = [:]
    var index = entries.startIndex
    while index < entries.endIndex {
      let entry = entries[index]
      let statement: SQLiteEngine.Statement
      if let known = prepared[entry.sql] {
        statement = known
      } else {
        statement = try makeStatement(sql: entry.sql)
        prepared[entry.sql] = statement
      }
      var next = index + 1
      switch statement.parameterCount {
      case 0:
        try statement.execute()
      case 1:
        try statement.execute(entry.id)
      default:
        while next < entries.endIndex, entries[next].id == entries[next - 1].id - 1,
          entries[next].sql == entry.sql
        {
          next += 1
        }
        try statement.execute(entries[next - 1].id, entry.id)
      }
      index = next
    }
  }

  // MARK: - State

  private func hasUndoLog() throws -> Bool {
    try UndoLog.installed(self).tables
  }

  private func recordingStep() throws -> Int? {
    try Int.fetchOne(self, sql: #"SELECT "recordingStep" FROM "undoState""#)
  }

  private func setRecording(step: Int?, isReplaying: Bool) throws {
    try execute(
      sql: #"UPDATE "undoState" SET "recordingStep" = ?, "isReplaying" = ?"#, arguments: [step, isReplaying])
  }

  private func newStep(isRedo: Bool, label: String) throws -> Int {
    try execute(
      sql: #"INSERT INTO "undoSteps" ("isRedo", "label") VALUES (?, ?)"#, arguments: [isRedo, label])
    return Int(lastInsertedRowID)
  }

  private func stepIsEmpty(_ step: Int) throws -> Bool {
    try
      !(Bool.fetchOne(
        self, sql: #"SELECT EXISTS (SELECT 1 FROM "undoLog" WHERE "step" = ?)"#, arguments: [step]) ?? false)
  }

  /// Deletes the steps matching `condition`, and their log.
  private func deleteSteps(_ condition: String, _ arguments: [Int]) throws {
    let arguments = StatementArguments(arguments.map { $0 as (any DatabaseValueConvertible)? })
    try execute(
      sql: #"DELETE FROM "undoLog" WHERE "step" IN (SELECT "id" FROM "undoSteps" WHERE "#
        + condition + ")", arguments: arguments)
    try execute(sql: #"DELETE FROM "undoSteps" WHERE "# + condition, arguments: arguments)
  }
}

extension DatabaseWriter {
  /// What undo and redo would reverse next.
  public func undoAvailability() throws -> UndoAvailability {
    try writeWithoutTransaction { try $0.undoAvailability() }
  }
}
