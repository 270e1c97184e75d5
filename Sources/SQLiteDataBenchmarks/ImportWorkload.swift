import CSQLiteBaseline
import Foundation
import RemindersKit
import SQLiteData

/// Importing a JSON archive of 10,000 reminders (three in four tagged) into a database that has
/// their lists and tags: the app decodes the file and imports it as `reminders import` does (one
/// undo step, new rows in bulk, counts and search index kept by the schema's triggers); C inserts
/// the same rows, one statement execution a row, into the same schema with the same pragmas.
func importWorkload() -> Workload {
  Workload(name: "app.import-10k", unit: .milliseconds) {
    let directory = try TemporaryDirectory()
    let archive = ImportArchive.make(reminderCount: 10_000)
    let json = try archive.jsonData()
    let rows = BaselineImportRows(archive)
    var ours: DatabasePool?
    var baseline: BaselineFileDatabase?
    /// A new database holding the archive's lists and tags.
    func freshDatabase(named name: String) throws -> DatabasePool {
      let path = try directory.freshDatabasePath(named: name)
      let database = try AppDatabase.open(path: path, completesInterruptedCompletions: false)
      try database.writeAction {
        try $0.importArchive(RemindersArchive(lists: archive.lists, tags: archive.tags))
      }
      return database
    }
    return Sides(
      ours: Timed(
        prepare: {
          ours?.close()
          ours = try freshDatabase(named: "ours.sqlite")
        },
        run: {
          let decoded = try RemindersArchive(jsonData: json)
          let summary = try ours!.writeAction { try $0.importArchive(decoded) }
          precondition(summary.remindersAdded == archive.reminders.count)
        }),
      baseline: Timed(
        prepare: {
          baseline = nil
          let database = try freshDatabase(named: "c.sqlite")
          database.close()
          baseline = try BaselineFileDatabase(path: database.path)
        },
        run: { try baseline!.importRows(rows) }))
  }
}

/// The archive the import workload reads.
enum ImportArchive {
  static func make(reminderCount: Int, listCount: Int = 20) -> RemindersArchive {
    var generator = SplitMix64(state: 42)
    func id() -> UUID {
      let (a, b) = (generator.next(), generator.next())
      return withUnsafeBytes(of: (a, b)) { bytes in
        var uuid = UUID().uuid
        withUnsafeMutableBytes(of: &uuid) { $0.copyMemory(from: bytes) }
        return UUID(uuid: uuid)
      }
    }
    let lists = (0..<listCount).map { RemindersList(id: id(), position: $0, title: "List \($0)") }
    let tags = (0..<50).map { Tag(title: "tag\($0)") }
    var reminders: [Reminder] = []
    var taggings: [ReminderTag] = []
    for number in 0..<reminderCount {
      let reminder = Reminder(
        id: id(),
        dueDate: number.isMultiple(of: 2)
          ? Date(timeIntervalSince1970: 1_800_000_000 + Double(number) * 3600) : nil,
        isFlagged: number.isMultiple(of: 7),
        notes: number.isMultiple(of: 3) ? "Some notes\nwith two lines" : "",
        position: number, priority: number.isMultiple(of: 5) ? .high : nil,
        remindersListID: lists[number % lists.count].id,
        status: number.isMultiple(of: 4) ? .completed : .incomplete,
        title: "Reminder number \(number) about things")
      reminders.append(reminder)
      if !number.isMultiple(of: 4) {
        taggings.append(
          ReminderTag(id: id(), reminderID: reminder.id, tagID: tags[number % tags.count].title))
      }
    }
    return RemindersArchive(lists: lists, reminders: reminders, tags: tags, reminderTags: taggings)
  }
}

/// The archive's rows as C strings and numbers, made once before timing, as the app's values are
/// at hand when it binds them: ids and dates as the database stores them.
final class BaselineImportRows {
  private var strings: [UnsafeMutablePointer<CChar>] = []
  private var arrays: [UnsafeMutableRawPointer] = []
  private(set) var rows = baseline_import_rows()

  init(_ archive: RemindersArchive) {
    let reminders = archive.reminders
    rows.reminderCount = Int32(reminders.count)
    rows.ids = texts(reminders.map { UUIDText.string(from: $0.id) })
    rows.listIDs = texts(reminders.map { UUIDText.string(from: $0.remindersListID) })
    rows.titles = texts(reminders.map(\.title))
    rows.notes = texts(reminders.map(\.notes))
    rows.dueDates = texts(reminders.map { $0.dueDate.map(DatabaseDateFormat.string(from:)) })
    rows.positions = numbers(reminders.map { Int64($0.position) })
    rows.statuses = numbers(reminders.map { Int32($0.status.rawValue) })
    rows.flags = numbers(reminders.map { $0.isFlagged ? 1 : 0 })
    rows.priorities = numbers(reminders.map { Int32($0.priority?.rawValue ?? 0) })
    let taggings = archive.reminderTags
    rows.taggingCount = Int32(taggings.count)
    rows.taggingIDs = texts(taggings.map { UUIDText.string(from: $0.id) })
    rows.taggingReminderIDs = texts(taggings.map { UUIDText.string(from: $0.reminderID) })
    rows.taggingTagIDs = texts(taggings.map(\.tagID))
  }

  deinit {
    for string in strings { free(string) }
    for array in arrays { array.deallocate() }
  }

  private func texts(_ values: [String?]) -> UnsafePointer<UnsafePointer<CChar>?> {
    let array = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: max(values.count, 1))
    for (index, value) in values.enumerated() {
      array[index] = value.map { value in
        let copy = strdup(value)!
        strings.append(copy)
        return UnsafePointer(copy)
      }
    }
    arrays.append(UnsafeMutableRawPointer(array))
    return UnsafePointer(array)
  }

  private func numbers<Number>(_ values: [Number]) -> UnsafePointer<Number> {
    let array = UnsafeMutablePointer<Number>.allocate(capacity: max(values.count, 1))
    array.initialize(from: values, count: values.count)
    arrays.append(UnsafeMutableRawPointer(array))
    return UnsafePointer(array)
  }
}
