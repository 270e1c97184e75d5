import Foundation
import RemindersKit
import SQLiteData
import TerminalUITestSupport
import Testing

/// Random work on a reminders database, as the app's actions and (given the file's path) as
/// statements from the `sqlite3` shell, which knows none of the app's temporary triggers. Each
/// step is logged, so that a failure says what led to it.
struct RandomWork {
  var random: SplitMix64
  let database: any DatabaseWriter
  let scheduler: ManualCompletionScheduler
  /// The database file, for the shell's writes; nil for the app's actions only.
  let path: String?
  /// Another program's connection to the file.
  let otherProgram: DatabaseQueue?
  private(set) var log: [String] = []
  /// Steps that changed something or were refused as the app refuses bad input.
  private(set) var completed = 0

  init(
    seed: UInt64, database: any DatabaseWriter, scheduler: ManualCompletionScheduler, path: String? = nil
  ) throws {
    random = SplitMix64(state: seed)
    self.database = database
    self.scheduler = scheduler
    self.path = path
    otherProgram = try path.map { try DatabaseQueue(path: $0) }
  }

  /// Tag titles to pick from: two spellings of one tag, so that case-only renames and lookups
  /// happen too.
  static let tagTitles = ["errand", "work", "Work", "call", "kids", "someday", "later"]

  /// One random step: with a file, a third of the time a shell batch and a third another
  /// program's; else an app action.
  mutating func step() throws {
    switch path == nil ? 0 : Int.random(in: 0..<3, using: &random) {
    case 1: try shellStep()
    case 2: try programStep()
    default: try appStep()
    }
  }

  // MARK: - The app's actions

  private mutating func appStep() throws {
    let lists = try database.read { try RemindersList.fetchAll($0) }
    let reminders = try database.read { try Reminder.fetchAll($0) }
    let tags = try database.read { try Tag.fetchAll($0) }
    let action = Int.random(in: 0..<22, using: &random)
    let name: String
    do {
      switch action {
      case 0, 1, 2:
        name = "add a reminder"
        guard let list = lists.randomElement(using: &random) else { return }
        try database.writeAction { try $0.saveReminder(randomDraft(in: list.id), tags: randomTags()) }
      case 3, 4:
        name = "edit a reminder"
        guard var reminder = reminders.randomElement(using: &random),
          let list = lists.randomElement(using: &random)
        else { return }
        let draft = randomDraft(in: list.id)
        reminder.dueDate = draft.dueDate
        reminder.isFlagged = draft.isFlagged
        reminder.priority = draft.priority
        reminder.remindersListID = draft.remindersListID
        try database.writeAction { try $0.saveReminder(Reminder.Draft(reminder), tags: randomTags()) }
      case 5:
        name = "move a reminder to another list"
        guard var reminder = reminders.randomElement(using: &random),
          let list = lists.randomElement(using: &random)
        else { return }
        reminder.remindersListID = list.id
        let current = try database.read { try Tag.of(reminder: reminder.id).fetchAll($0) }.map(\.title)
        try database.writeAction { try $0.saveReminder(Reminder.Draft(reminder), tags: current) }
      case 6, 7:
        name = "tick or untick a reminder"
        guard let reminder = reminders.randomElement(using: &random) else { return }
        try database.writeAction { try $0.toggleCompletion(reminder.id) }
      case 8:
        name = "end the grace periods"
        scheduler.advance(by: Reminder.completionGracePeriod)
      case 9:
        name = "complete reminders at once"
        try database.writeAction { try $0.completeReminders(randomSubset(reminders).map(\.id)) }
      case 10:
        name = "reopen reminders"
        try database.writeAction { try $0.reopenReminders(randomSubset(reminders).map(\.id)) }
      case 11:
        name = "flag or unflag a reminder"
        guard let reminder = reminders.randomElement(using: &random) else { return }
        try database.writeAction { try $0.toggleFlag(reminder.id) }
      case 12:
        name = "delete reminders"
        try database.writeAction { try $0.deleteReminders(randomSubset(reminders).map(\.id)) }
      case 13:
        name = "delete a list"
        guard let list = lists.randomElement(using: &random) else { return }
        try database.writeAction { try $0.deleteList(list.id) }
      case 14:
        name = "add a list"
        try database.writeAction { try $0.addList(title: "List \(Int.random(in: 1...99, using: &random))") }
      case 15:
        name = "rename a tag"
        guard let tag = tags.randomElement(using: &random) else { return }
        // Half the time a change of case only.
        let title =
          Bool.random(using: &random)
          ? (tag.title == tag.title.lowercased() ? tag.title.capitalized : tag.title.lowercased())
          : Self.tagTitles.randomElement(using: &random)! + "\(Int.random(in: 1...3, using: &random))"
        try database.writeAction { try $0.renameTag(tag.title, to: title) }
      case 16:
        name = "delete a tag"
        guard let tag = tags.randomElement(using: &random) else { return }
        try database.writeAction { try $0.deleteTag(tag.title) }
      case 17, 18:
        name = "undo"
        try database.writeAction { try $0.undo() }
      case 19:
        name = "redo"
        try database.writeAction { try $0.redo() }
      case 20:
        name = "load the sample data"
        try database.writeAction { try $0.loadSampleData() }
      default:
        name = "clear completed reminders"
        try database.writeAction { try $0.clearCompleted(matching: SearchQuery("a"), olderThan: .all) }
      }
      completed += 1
      log.append(name)
    } catch let error as ActionError {
      // Refused as the app refuses it (a tag name taken, a reminder deleted meanwhile).
      completed += 1
      log.append("refused (action \(action)): \(error)")
    } catch {
      // Undo after the shell removed what a step touched can fail; it is rolled back whole.
      log.append("failed (action \(action)): \(error)")
    }
  }

  private mutating func randomDraft(in list: RemindersList.ID) -> Reminder.Draft {
    let day: TimeInterval = 24 * 60 * 60
    let due: Date? =
      Int.random(in: 0..<10, using: &random) < 6
      ? fixedNow.addingTimeInterval(Double(Int.random(in: -3 * 24...3 * 24, using: &random)) * day / 24) : nil
    return Reminder.Draft(
      dueDate: due, isFlagged: Int.random(in: 0..<4, using: &random) == 0,
      priority: Reminder.Priority.allCases.randomElement(using: &random), remindersListID: list,
      title: "Reminder \(Int.random(in: 1...999, using: &random))")
  }

  private mutating func randomTags() -> [String] {
    Array(Self.tagTitles.shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random)))
  }

  private mutating func randomSubset<T>(_ items: [T]) -> [T] {
    Array(items.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random)))
  }

  // MARK: - Other writers

  /// Statements another writer runs, none of them through the app's actions or its temporary
  /// triggers; `shell` marks those the `sqlite3` shell can run (it lacks the `uuid()` function
  /// that the schema's `NOT NULL ON CONFLICT REPLACE DEFAULT (uuid())` ids need for inserts and
  /// updates, so it can only delete those rows, and write tags).
  private mutating func foreignStatements(shell: Bool) throws -> [String] {
    let lists = try database.read { try RemindersList.fetchAll($0) }.map { $0.id.uuidString.lowercased() }
    let reminders = try database.read { try Reminder.fetchAll($0) }.map { $0.id.uuidString.lowercased() }
    let tags = try database.read { try Tag.fetchAll($0) }.map(\.title)
    var statements: [String] = []
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      let statement =
        shell
        ? shellStatement(lists: lists, reminders: reminders, tags: tags)
        : programStatement(lists: lists, reminders: reminders, tags: tags)
      if let statement { statements.append(statement) }
    }
    return statements
  }

  /// A batch from the `sqlite3` shell, with foreign keys on (deletes cascade) or off, its
  /// default (deletes leave orphans), sometimes in a transaction rolled back.
  private mutating func shellStep() throws {
    guard let path else { return }
    let statements = try foreignStatements(shell: true)
    var sql = "PRAGMA busy_timeout = 5000;\n"
    let foreignKeys = Bool.random(using: &random)
    if foreignKeys { sql += "PRAGMA foreign_keys = ON;\n" }
    let rolledBack = Int.random(in: 0..<6, using: &random) == 0
    sql +=
      (rolledBack ? "BEGIN;\n" : "") + statements.joined(separator: "\n")
      + (rolledBack ? "\nROLLBACK;\n" : "\n")
    log.append(
      "shell\(foreignKeys ? "" : " without foreign keys")\(rolledBack ? ", rolled back" : ""): \(statements)")
    let message = try Subprocess.run(["/usr/bin/sqlite3", path], input: sql, output: .discard).errors
    // A constraint (a tag renamed onto another) fails that statement alone, as it would for a user.
    if message.isEmpty { completed += 1 } else { log.append("shell said: " + message) }
  }

  /// A batch from another program: a plain connection on the file, with `uuid()` but without the
  /// app's temporary triggers, foreign keys on or off, sometimes rolled back.
  private mutating func programStep() throws {
    guard let otherProgram else { return }
    let statements = try foreignStatements(shell: false)
    let foreignKeys = Bool.random(using: &random)
    let rolledBack = Int.random(in: 0..<6, using: &random) == 0
    log.append(
      "program\(foreignKeys ? "" : " without foreign keys")\(rolledBack ? ", rolled back" : ""): \(statements)"
    )
    do {
      try otherProgram.writeWithoutTransaction { db in
        try db.execute(sql: "PRAGMA foreign_keys = \(foreignKeys ? "ON" : "OFF")")
        try db.inTransaction {
          for statement in statements { try db.execute(sql: statement) }
          return rolledBack ? .rollback : .commit
        }
      }
      completed += 1
    } catch {
      // A foreign key refused, with the checks on: the transaction is rolled back whole.
      log.append("program failed: \(error)")
    }
  }

  private static func quote(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
  }

  private mutating func shellStatement(lists: [String], reminders: [String], tags: [String]) -> String? {
    let reminder = reminders.randomElement(using: &random).map(Self.quote)
    let list = lists.randomElement(using: &random).map(Self.quote)
    let tag = tags.randomElement(using: &random).map(Self.quote)
    switch Int.random(in: 0..<8, using: &random) {
    case 0, 1:
      guard let reminder else { return nil }
      return "DELETE FROM reminders WHERE id = \(reminder);"
    case 2:
      return "DELETE FROM reminders WHERE status = 2;"
    case 3:
      guard let list else { return nil }
      return "DELETE FROM remindersLists WHERE id = \(list);"
    case 4:
      guard let reminder else { return nil }
      return
        "DELETE FROM remindersTags WHERE rowid = (SELECT min(rowid) FROM remindersTags WHERE reminderID = \(reminder));"
    case 5:
      return
        "INSERT OR IGNORE INTO tags (title) VALUES (\(Self.quote(Self.tagTitles.randomElement(using: &random)!)));"
    case 6:
      guard let tag else { return nil }
      return "UPDATE tags SET title = \(tag) || 'x' WHERE title = \(tag);"
    default:
      guard let tag else { return nil }
      return "DELETE FROM tags WHERE title = \(tag);"
    }
  }

  private mutating func programStatement(lists: [String], reminders: [String], tags: [String]) -> String? {
    let reminder = reminders.randomElement(using: &random).map(Self.quote)
    let list = lists.randomElement(using: &random).map(Self.quote)
    let tag = tags.randomElement(using: &random).map(Self.quote)
    switch Int.random(in: 0..<9, using: &random) {
    case 0, 1, 2:
      // Now and then into a list that does not exist: kept with foreign keys off.
      let target =
        Int.random(in: 0..<8, using: &random) == 0 || list == nil
        ? Self.quote(String(format: "eeeeeeee-0000-4000-8000-%012d", Int.random(in: 1...3, using: &random)))
        : list!
      let hours = Int.random(in: -72...72, using: &random)
      let due =
        Bool.random(using: &random)
        ? "strftime('%Y-%m-%d %H:%M:%f', '2026-03-10 18:00:00', '\(hours) hours')" : "NULL"
      return """
        INSERT INTO reminders (remindersListID, status, isFlagged, dueDate, title) VALUES \
        (\(target), \(Int.random(in: 0...2, using: &random)), \(Int.random(in: 0...1, using: &random)), \(due), \
        'From another program');
        """
    case 3:
      guard let reminder else { return nil }
      return "UPDATE reminders SET status = \(Int.random(in: 0...2, using: &random)) WHERE id = \(reminder);"
    case 4:
      guard let reminder, let list else { return nil }
      return
        "UPDATE reminders SET remindersListID = \(list), isFlagged = NOT isFlagged WHERE id = \(reminder);"
    case 5:
      guard let reminder else { return nil }
      return """
        UPDATE reminders SET dueDate = CASE WHEN dueDate IS NULL THEN '2026-03-10 20:00:00.000' END \
        WHERE id = \(reminder);
        """
    case 6:
      return "UPDATE reminders SET status = 1 WHERE status = 2;"
    case 7:
      guard let reminder, let tag else { return nil }
      return "INSERT INTO remindersTags (reminderID, tagID) VALUES (\(reminder), \(tag));"
    default:
      guard let reminder else { return nil }
      return "DELETE FROM reminders WHERE id = \(reminder);"
    }
  }
}
