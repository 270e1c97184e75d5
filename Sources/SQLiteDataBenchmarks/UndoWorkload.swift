import CSQLiteBaseline
import Foundation
import RemindersKit
import SQLiteData

/// Undoing the deletion of a list of 10,000 reminders (three in four tagged): the undo step puts
/// back every row the deletion's cascades removed, through the schema's triggers (counts, search
/// index), and records the redo. C inserts the same rows, one statement execution a row, into the
/// same schema with the same pragmas: the work undo would do if it knew the rows beforehand.
func undoListDeletionWorkload() -> Workload {
  Workload(name: "app.undo-list-delete-10k", unit: .milliseconds) {
    let directory = try TemporaryDirectory()
    let archive = ImportArchive.make(reminderCount: 10_000, listCount: 1)
    let rows = BaselineImportRows(archive)
    let list = archive.lists[0].id
    let ours = try AppDatabase.open(
      path: try directory.freshDatabasePath(named: "ours.sqlite"), completesInterruptedCompletions: false)
    try ours.writeAction { try $0.importArchive(archive) }
    var baseline: BaselineFileDatabase?
    return Sides(
      ours: Timed(
        prepare: { try ours.writeAction { try $0.deleteList(list) } },
        run: {
          let outcome = try ours.writeAction { try $0.undo() }
          guard outcome?.failure == nil,
            try ours.read({ try Reminder.count().fetchOne($0) }) == archive.reminders.count
          else { throw UnexpectedResult(description: "undo did not put the list's reminders back") }
        }),
      baseline: Timed(
        prepare: {
          baseline = nil
          let path = try directory.freshDatabasePath(named: "c.sqlite")
          let database = try AppDatabase.open(path: path, completesInterruptedCompletions: false)
          try database.writeAction {
            try $0.importArchive(RemindersArchive(lists: archive.lists, tags: archive.tags))
          }
          database.close()
          baseline = try BaselineFileDatabase(path: path)
        },
        run: { try baseline!.importRows(rows) }))
  }
}
