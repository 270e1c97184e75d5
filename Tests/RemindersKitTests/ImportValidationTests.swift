import Foundation
import RemindersKit
import SQLiteData
import Testing

/// What an import refuses, and the words it uses: the place in the file and what is wrong there,
/// never the decoder's own "not valid JSON" for a value it merely cannot hold.
@Suite("Import validation")
struct ImportValidationTests {
  private let list = #"{"id": "aaaaaaaa-0000-4000-8000-000000000001", "title": "Home"}"#

  private func archive(reminder: String, version: String = "1") -> Data {
    Data(
      """
      {"version": \(version), "remindersLists": [\(list)], "reminders": [{
        "id": "bbbbbbbb-0000-4000-8000-000000000001",
        "remindersListID": "aaaaaaaa-0000-4000-8000-000000000001", \(reminder)}]}
      """.utf8)
  }

  private func error(_ data: Data) -> String {
    do {
      _ = try RemindersArchive(jsonData: data)
      return ""
    } catch {
      return error.description
    }
  }

  @Test(arguments: [
    (
      #""title": "x", "position": 1e999"#,
      "reminders[0].position: the number is not a whole number"
    ),
    (
      #""title": "x", "position": 18446744073709551616"#,
      "reminders[0].position: the number is not a whole number"
    ),
    (
      #""title": "alpha\u0000bravo""#,
      "reminders[0].title: the text holds a NUL character (U+0000) at character 6"
    ),
    (#""title": "x", "notes": "a\u0000""#, "reminders[0].notes: the text holds a NUL character"),
    (
      #""title": "x", "dueDate": "10000-01-01 07:00:00.000""#,
      "reminders[0].dueDate: “10000-01-01 07:00:00.000” is not a date"
    ),
  ])
  func valuesItCannotHoldAreNamed(_ reminder: String, _ message: String) {
    #expect(error(archive(reminder: reminder)).contains(message), "\(error(archive(reminder: reminder)))")
  }

  @Test func aVersionTooLargeAndNestingTooDeep() {
    #expect(
      error(archive(reminder: #""title": "x""#, version: "1e30")).contains("version: the number"))
    let deep = Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
    #expect(error(deep).contains("at line 1, column 33 it is nested 33 levels deep"))
    #expect(
      error(Data([0x7B, 0x22, 0xFF, 0x22, 0x7D])).contains("not UTF-8 text: a byte at line 1, column 3"))
  }

  @Test func iCalendarRefusesNULAndDatesPastTheYear9999() {
    func error(_ body: String) -> String {
      do {
        _ = try RemindersArchive(
          iCalendar: "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\n\(body)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n",
          timeZone: TimeZone(identifier: "America/Los_Angeles")!)
        return ""
      } catch {
        return error.description
      }
    }
    #expect(error("SUMMARY:a\u{0}b").contains("line 3: the line holds a NUL character"))
    #expect(
      error("SUMMARY:late\r\nDUE:99991231T230000").contains("line 4: DUE “99991231T230000” falls outside"))
    #expect(error("SUMMARY:early\r\nDUE;TZID=Asia/Tokyo:00010101T000000").contains("falls outside"))
    #expect(error("SUMMARY:fine\r\nDUE:99991231T120000") == "")
  }
}

/// What a hand-written archive may leave out: a reminder already here keeps its own values for
/// the columns its record leaves out, rather than lose them to the defaults.
@Suite("Import of hand-written archives")
struct HandWrittenArchiveTests {
  private let listID = "aaaaaaaa-0000-4000-8000-000000000001"
  private let reminderID = "bbbbbbbb-0000-4000-8000-000000000001"

  private func archive(reminder: String) throws -> RemindersArchive {
    try RemindersArchive(
      jsonData: Data(
        """
        {"version": 1, "remindersLists": [{"id": "\(listID)", "title": "Home"}], "reminders": [{
          "id": "\(reminderID)", "remindersListID": "\(listID)", \(reminder)}]}
        """.utf8))
  }

  @Test func aReminderAlreadyHereKeepsWhatTheRecordLeavesOut() throws {
    let database = try AppDatabase.inMemory()
    try database.writeAction {
      try $0.importArchive(
        archive(
          reminder: #"""
            "title": "Call", "notes": "About the roof", "dueDate": "2026-03-14 17:00:00.000",
            "position": 7, "priority": "high", "isFlagged": true
            """#))
    }
    // Only the notes, changed: the title and the rest stay.
    try database.writeAction { try $0.importArchive(archive(reminder: #""notes": "About the porch""#)) }
    let reminder = try #require(try database.read { try Reminder.fetchOne($0) })
    #expect(reminder.title == "Call")
    #expect(reminder.notes == "About the porch")
    #expect(reminder.dueDate == DatabaseDateFormat.date(from: "2026-03-14 17:00:00.000"))
    #expect(reminder.position == 7)
    #expect(reminder.priority == .high)
    #expect(reminder.isFlagged)
    // What the record states, even a null or an empty text, is taken.
    try database.writeAction {
      try $0.importArchive(archive(reminder: #""title": "Call Ann", "dueDate": null, "notes": """#))
    }
    let cleared = try #require(try database.read { try Reminder.fetchOne($0) })
    #expect(cleared.title == "Call Ann")
    #expect(cleared.dueDate == nil)
    #expect(cleared.notes == "")
    #expect(cleared.position == 7)
  }
}

/// A file of a few new reminders for lists already in the database, and of taggings of reminders
/// and tags already there, imports; a reference to a row in neither is refused, and says so.
@Suite("Import into what the database has")
struct ImportIntoExistingRowsTests {
  private let listID = "aaaaaaaa-0000-4000-8000-000000000001"
  private let reminderID = "bbbbbbbb-0000-4000-8000-000000000001"

  private func importJSON(_ json: String, into database: some DatabaseWriter) throws -> ImportSummary {
    try database.writeAction { try $0.importArchive(RemindersArchive(jsonData: Data(json.utf8))) }
  }

  @Test func remindersAndTaggingsMayNameRowsOfTheDatabase() throws {
    let database = try AppDatabase.inMemory()
    _ = try importJSON(
      """
      {"version": 1, "remindersLists": [{"id": "\(listID)", "title": "Home"}],
       "reminders": [{"id": "\(reminderID)", "remindersListID": "\(listID)", "title": "Call"}],
       "tags": [{"title": "Errands"}]}
      """, into: database)
    let summary = try importJSON(
      """
      {"version": 1, "remindersLists": [],
       "reminders": [{"id": "bbbbbbbb-0000-4000-8000-000000000002", "remindersListID": "\(listID)", "title": "Paint"}],
       "remindersTags": [
         {"id": "cccccccc-0000-4000-8000-000000000001", "reminderID": "\(reminderID)", "tagID": "errands"},
         {"id": "cccccccc-0000-4000-8000-000000000002", "reminderID": "bbbbbbbb-0000-4000-8000-000000000002", "tagID": "ERRANDS"}]}
      """, into: database)
    #expect(summary.remindersAdded == 1)
    let tagged = try database.read { db in
      try ReminderTag.order(by: \.reminderID).fetchAll(db).map {
        "\($0.reminderID.uuidString.lowercased()) \($0.tagID)"
      }
    }
    #expect(tagged == ["\(reminderID) Errands", "bbbbbbbb-0000-4000-8000-000000000002 Errands"])
    #expect(
      try database.read {
        try Reminder.where { $0.title.eq("Paint") }.fetchOne($0)?.remindersListID.uuidString.lowercased()
      } == listID)
  }

  @Test func aReferenceToARowInNeitherIsRefused() throws {
    let database = try AppDatabase.inMemory()
    #expect {
      try importJSON(
        """
        {"version": 1, "remindersLists": [],
         "reminders": [{"id": "\(reminderID)", "remindersListID": "\(listID)", "title": "Call"}]}
        """, into: database)
    } throws: { error in
      "\(error)".contains(
        "reminders[0].remindersListID: list \(listID) is in neither the archive nor the database")
    }
    #expect(try database.read { try Reminder.fetchCount($0) } == 0)
  }
}
