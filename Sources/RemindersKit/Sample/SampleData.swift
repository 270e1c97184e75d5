import Foundation
import SQLiteData

/// The seeds' sample lists, reminders and tags, with due dates relative to
/// `@Dependency(\.date.now)` and ids from `@Dependency(\.uuid)`.
public enum SampleData {
  /// Whether the database holds no lists and no reminders: when the app offers sample data.
  public static func isEmpty(_ db: Database) throws -> Bool {
    try RemindersList.fetchCount(db) == 0 && Reminder.fetchCount(db) == 0
  }

  static func insert(_ db: Database) throws {
    @Dependency(\.date.now) var now
    @Dependency(\.uuid) var uuid
    let day: TimeInterval = 24 * 60 * 60

    let personal = RemindersList(id: uuid(), color: 0x4a99_efff, title: "Personal")
    let family = RemindersList(id: uuid(), color: 0xed89_35ff, title: "Family")
    let business = RemindersList(id: uuid(), color: 0xb25d_d3ff, title: "Business")
    // Inserted one by one, so that the position trigger puts each after the one before.
    for list in [personal, family, business] { try RemindersList.insert { list }.execute(db) }

    let tags = ["adulting", "car", "kids", "night", "optional", "social", "someday"]
    try Tag.insert { tags.map { Tag(title: $0) } }.onConflictDoNothing().execute(db)

    func reminder(
      _ list: RemindersList, _ title: String, notes: String = "", due: TimeInterval? = nil,
      flagged: Bool = false, priority: Reminder.Priority? = nil, status: Reminder.Status = .incomplete,
      tags: [String] = []
    ) throws {
      let id = uuid()
      try Reminder.insert {
        Reminder.Draft(
          id: id, dueDate: due.map { now.addingTimeInterval($0 * day) }, isFlagged: flagged, notes: notes,
          priority: priority, remindersListID: list.id, status: status, title: title,
          // Completed on the day they were due.
          completedAt: status == .incomplete ? nil : due.map { now.addingTimeInterval($0 * day) })
      }
      .execute(db)
      if !tags.isEmpty {
        try ReminderTag.insert { tags.map { ReminderTag.Draft(id: uuid(), reminderID: id, tagID: $0) } }
          .execute(db)
      }
    }

    try reminder(
      personal, "Groceries", notes: "Milk\nEggs\nApples\nOatmeal\nSpinach",
      tags: ["someday", "optional", "adulting"])
    try reminder(personal, "Haircut", due: -2, flagged: true, tags: ["someday", "optional"])
    try reminder(
      personal, "Doctor appointment", notes: "Ask about diet", due: 0, priority: .high, tags: ["adulting"])
    try reminder(personal, "Take a walk", due: -190, status: .completed, tags: ["car", "kids", "social"])
    try reminder(personal, "Buy concert tickets", due: 0, tags: ["social", "night"])
    try reminder(family, "Pick up kids from school", due: 2, flagged: true, priority: .high)
    try reminder(family, "Get laundry", due: -2, priority: .low, status: .completed)
    try reminder(family, "Take out trash", due: 4, priority: .high)
    try reminder(
      business, "Call accountant",
      notes: "Status of tax return\nExpenses for next year\nChanging payroll company", due: 2)
    try reminder(business, "Send weekly emails", due: -2, priority: .medium, status: .completed)
    try reminder(business, "Prepare for WWDC", due: 2, tags: ["social"])
  }
}

extension Database {
  /// Adds the sample lists, reminders and tags, in one undo step.
  public func loadSampleData() throws {
    try undoable("Load Sample Data") { try SampleData.insert(self) }
  }
}

extension DatabaseWriter {
  /// Whether the database holds no lists and no reminders.
  public func isEmpty() throws -> Bool { try read { try SampleData.isEmpty($0) } }
}
