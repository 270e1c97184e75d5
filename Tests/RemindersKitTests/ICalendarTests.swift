import Foundation
import SQLiteData
import Testing

@testable import RemindersKit

@Suite struct ICalendarTests {
  let stamp = utc("2026-03-10 18:00:00")
  let newYork = TimeZone(identifier: "America/New_York")!

  private func importing(_ text: String, defaultListTitle: String = "Imported") throws -> RemindersArchive {
    var uuids = CountingUUIDs()
    return try RemindersArchive(
      iCalendar: text, timeZone: newYork, defaultListTitle: defaultListTitle, uuid: { uuids.next() })
  }

  /// The logical lines of an export, unfolded.
  private func properties(_ text: String) -> [String] {
    text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n").filter { !$0.isEmpty }
  }

  // MARK: - Export

  @Test func theCalendarAndItsToDos() {
    let archive = AwkwardArchive.make()
    let text = archive.iCalendar(stamp: stamp)
    let lines = properties(text)
    #expect(
      Array(lines.prefix(4)) == [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//SQLiteData//Reminders//EN", "CALSCALE:GREGORIAN",
      ])
    #expect(lines.last == "END:VCALENDAR")
    #expect(text.hasSuffix("END:VCALENDAR\r\n"))
    #expect(lines.filter { $0 == "BEGIN:VTODO" }.count == archive.reminders.count)
    #expect(lines.filter { $0 == "END:VTODO" }.count == archive.reminders.count)
    #expect(lines.filter { $0 == "DTSTAMP:20260310T180000Z" }.count == archive.reminders.count)
  }

  @Test func aReminderWithSeparatorsInItsText() throws {
    let lines = properties(AwkwardArchive.make().iCalendar(stamp: stamp))
    let start = try #require(lines.firstIndex(of: "UID:aaaaaaaa-0000-4000-8000-000000000002"))
    let end = try #require(lines[start...].firstIndex(of: "END:VTODO"))
    #expect(
      Array(lines[start..<end]) == [
        "UID:aaaaaaaa-0000-4000-8000-000000000002",
        "DTSTAMP:20260310T180000Z",
        #"SUMMARY:Call mom\, dad\; and \\ grandma"#,
        #"DESCRIPTION:Ask: a\,b\;c\\d"#,
        "DUE:20260311T210000Z",
        "PRIORITY:5",
        "STATUS:NEEDS-ACTION",
        #"CATEGORIES:Family\, Friends\; Others"#,
        "X-REMINDERS-LIST-ID:ed893500-0000-4000-8000-000000000002",
        #"X-REMINDERS-LIST:Family\, "Friends"\; & Co \\ 🏠"#,
        "X-REMINDERS-LIST-COLOR:#ed893580",
        "X-REMINDERS-LIST-POSITION:2",
        "X-REMINDERS-FLAGGED:TRUE",
        "X-REMINDERS-POSITION:5",
      ])
  }

  @Test func prioritiesStatusesNotesAndTags() {
    let lines = properties(AwkwardArchive.make().iCalendar(stamp: stamp))
    #expect(lines.contains(#"DESCRIPTION:Milk\nEggs\nApples / Oatmeal\n\nSpinach"#))
    #expect(lines.contains("CATEGORIES:someday,日本"))
    #expect(lines.contains("PRIORITY:1"))
    #expect(lines.contains("PRIORITY:9"))
    // Completed and completing are both COMPLETED.
    #expect(lines.filter { $0 == "STATUS:COMPLETED" }.count == 2)
    #expect(lines.contains("DUE:19991231T235959Z"))
    // A reminder without a due date, priority, notes or tags has none of those lines.
    let groceries = lines.drop { $0 != "UID:aaaaaaaa-0000-4000-8000-000000000001" }.prefix {
      $0 != "END:VTODO"
    }
    #expect(
      !groceries.contains {
        $0.hasPrefix("DUE") || $0.hasPrefix("PRIORITY") || $0.hasPrefix("X-REMINDERS-FLAGGED")
      })
  }

  @Test func linesAreFoldedAt75OctetsBetweenCharacters() throws {
    let text = AwkwardArchive.make().iCalendar(stamp: stamp)
    let data = Data(text.utf8)
    var physical: [Data] = []
    var start = data.startIndex
    for index in data.indices where index > data.startIndex && data[index - 1] == 13 && data[index] == 10 {
      physical.append(data[start..<(index - 1)])
      start = index + 1
    }
    #expect(start == data.endIndex, "the text ends with CR LF")
    #expect(physical.allSatisfy { $0.count <= 75 })
    #expect(physical.filter { $0.first == UInt8(ascii: " ") }.count >= 5, "long notes and titles are folded")
    // Each physical line is whole UTF-8: no sequence is cut.
    #expect(physical.allSatisfy { String(validating: $0, as: UTF8.self) != nil })
    #expect(physical.contains { $0.count == 75 })
    #expect(!text.contains("\n\r") && !text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
  }

  @Test func listsWithoutRemindersAndCoverImagesAreNotCarried() {
    let text = AwkwardArchive.make().iCalendar(stamp: stamp)
    #expect(!text.contains("Nothing yet"))
    #expect(!text.contains(AwkwardArchive.empty.uuidString.lowercased()))
  }

  // MARK: - Round trip

  @Test func exportThenImportKeepsEveryFieldItCarries() throws {
    let original = AwkwardArchive.make()
    let imported = try importing(original.iCalendar(stamp: stamp))

    var expectedReminders = original.reminders
    for index in expectedReminders.indices where expectedReminders[index].status == .completing {
      expectedReminders[index].status = .completed
    }
    #expect(imported.reminders == expectedReminders)

    let listsWithReminders = original.lists.filter { list in
      original.reminders.contains { $0.remindersListID == list.id }
    }
    #expect(imported.lists == listsWithReminders)

    let usedTags = original.tags.filter { tag in
      original.reminderTags.contains { $0.tagID.caseInsensitiveCompare(tag.title) == .orderedSame }
    }
    // The order of the tags table is not carried: tags come in the order reminders use them.
    #expect(imported.tags.map(\.title).sorted() == usedTags.map(\.title).sorted())
    for reminder in original.reminders {
      #expect(imported.tagTitles(of: reminder.id) == original.tagTitles(of: reminder.id))
    }
    #expect(imported.listAssets.isEmpty)
    try imported.validate()
  }

  @Test func aSecondRoundTripGivesTheSameText() throws {
    let first = AwkwardArchive.make().iCalendar(stamp: stamp)
    let second = try importing(first).iCalendar(stamp: stamp)
    #expect(second == first)
  }

  @Test func aCompletionTimeGoesOutAndComesBack() throws {
    var archive = AwkwardArchive.make()
    let completed = try #require(archive.reminders.firstIndex { $0.status == .completed })
    archive.reminders[completed].completedAt = utc("2026-03-09 12:00:00")
    let text = archive.iCalendar(stamp: stamp)
    #expect(properties(text).filter { $0.hasPrefix("COMPLETED:") } == ["COMPLETED:20260309T120000Z"])
    let imported = try importing(text)
    #expect(imported.reminders[completed].completedAt == utc("2026-03-09 12:00:00"))
    #expect(imported.reminders.filter { $0.completedAt != nil }.count == 1)
  }

  /// Importing a calendar over the reminders it came from changes nothing the calendar could not
  /// carry: a completion time it has none of (another app's), fractions of a second.
  @Test func importingOverTheSameRemindersKeepsWhatTheCalendarCannotCarry() throws {
    let fixture = try Fixture()
    let id = try fixture.reminder("Haircut").id
    let due = utc("2026-03-10 10:10:10.208")
    let completion = utc("2026-03-09 12:00:00.250")
    try fixture.database.write { db in
      try Reminder.find(id).update { $0.status = Reminder.Status.completed }.execute(db)
      try Reminder.find(id).update {
        $0.completedAt = Optional(completion)
        $0.dueDate = Optional(due)
      }.execute(db)
    }
    let exported = try fixture.database.archive().iCalendar(stamp: stamp)
    #expect(exported.contains("COMPLETED:20260309T120000Z"))
    let withoutCompletionTimes = exported.components(separatedBy: "\r\n").filter {
      !$0.hasPrefix("COMPLETED:")
    }
    .joined(separator: "\r\n")
    for text in [exported, withoutCompletionTimes] {
      _ = try fixture.database.writeAction { try $0.importArchive(importing(text)) }
      let haircut = try fixture.reminder("Haircut")
      #expect(haircut.completedAt == completion)
      #expect(haircut.dueDate == due)
      #expect(haircut.isCompleted)
    }
  }

  // MARK: - Import from other apps

  @Test func otherAppsCalendarsAreReadTolerantly() throws {
    let text = [
      "\u{FEFF}BEGIN:VCALENDAR",
      "version:2.0",
      "PRODID:-//Example//Other App//EN",
      "X-WR-CALNAME:Work\\, mostly",
      "BEGIN:VTIMEZONE",
      "TZID:Europe/Paris",
      "BEGIN:STANDARD",
      "DTSTART:19701025T030000",
      "END:STANDARD",
      "END:VTIMEZONE",
      "BEGIN:VEVENT",
      "UID:event-1",
      "SUMMARY:Not a to-do",
      "END:VEVENT",
      "BEGIN:VTODO",
      "UID:20260314-abc@example.com",
      "SUMMARY;LANGUAGE=en:Quarterly report\\, draft",
      "DUE;TZID=Europe/Paris:20260314T090000",
      "PRIORITY:3",
      "STATUS:IN-PROCESS",
      "CATEGORIES:work,reports",
      "categories:Work,q1",
      "X-UNKNOWN;X-PARAM=\"a:b;c\":ignored",
      "BEGIN:VALARM",
      "ACTION:DISPLAY",
      "TRIGGER:-PT15M",
      "DESCRIPTION:Alarm text is not the notes",
      "END:VALARM",
      "DESCRIPTION:Line one\\nLine two\\Nthree",
      "END:VTODO",
      "BEGIN:VTODO",
      "UID:second",
      "SUMMARY:A date without a time",
      "DUE;VALUE=DATE:20260320",
      "PRIORITY:7",
      "STATUS:CANCELLED",
      "END:VTODO",
      "BEGIN:VTODO",
      "UID:third",
      "SUMMARY:Floating time\\, folded over",
      "  two lines",
      "DUE:20260321T170000",
      "PRIORITY:0",
      "COMPLETED:20260310T120000Z",
      "END:VTODO",
      "END:VCALENDAR",
      "",
    ].joined(separator: "\n")
    let archive = try importing(text)
    #expect(archive.lists.map(\.title) == ["Work, mostly"])
    #expect(archive.lists[0].color == RemindersList.defaultColor)
    let reminders = archive.reminders
    #expect(
      reminders.map(\.title) == [
        "Quarterly report, draft", "A date without a time", "Floating time, folded over two lines",
      ])
    #expect(reminders.allSatisfy { $0.remindersListID == archive.lists[0].id })
    #expect(reminders[0].notes == "Line one\nLine two\nthree")
    #expect(reminders[0].dueDate == utc("2026-03-14 08:00:00"))
    #expect(reminders[0].priority == .high)
    #expect(reminders[0].status == .incomplete)
    #expect(archive.tagTitles(of: reminders[0].id) == ["work", "reports", "q1"])
    #expect(archive.tags.map(\.title) == ["work", "reports", "q1"])
    // A DATE is at the default time in the given zone; floating times are on its clock.
    #expect(reminders[1].dueDate == utc("2026-03-20 13:00:00"))
    #expect(reminders[1].priority == .low)
    #expect(reminders[1].status == .completed)
    #expect(reminders[2].dueDate == utc("2026-03-21 21:00:00"))
    #expect(reminders[2].priority == nil)
    #expect(reminders[2].status == .completed)
    #expect(reminders.map(\.position) == [0, 1, 2])
    // UIDs that are not UUIDs get the name-based UUIDs of their text: the same each time.
    #expect(Set(reminders.map(\.id)).count == 3)
    #expect(try importing(text).reminders.map(\.id) == reminders.map(\.id))
    #expect(reminders[0].id.uuidString.lowercased().dropFirst(14).hasPrefix("5"))
    try archive.validate()
  }

  /// A file from another app imported twice updates its to-dos the second time, rather than add
  /// them again, a UID that repeats in the file included (the second to-do has an id of its own).
  @Test func importingAnotherAppsFileAgainUpdatesIt() throws {
    func file(_ title: String) -> String {
      [
        "BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:20260314-abc@example.com", "SUMMARY:\(title)", "END:VTODO",
        "BEGIN:VTODO", "UID:20260314-abc@example.com", "SUMMARY:Same UID", "END:VTODO", "END:VCALENDAR", "",
      ].joined(separator: "\r\n")
    }
    // New ids are random, as they are outside tests.
    func importing(_ text: String) throws -> RemindersArchive {
      try RemindersArchive(iCalendar: text, timeZone: newYork, uuid: { UUID() })
    }
    let database = try AppDatabase.inMemory()
    let first = try database.writeAction { try $0.importArchive(importing(file("Report"))) }
    #expect(first.remindersAdded == 2)
    let second = try database.writeAction { try $0.importArchive(importing(file("Report, final"))) }
    #expect(second.remindersAdded == 0)
    #expect(second.remindersUpdated == 2)
    let titles = try database.read { try Reminder.order(by: \.title).fetchAll($0).map(\.title) }
    #expect(titles == ["Report, final", "Same UID"])
  }

  /// Name-based UUIDs as RFC 9562 makes them (the example of Python's `uuid5`), on SHA-1's own
  /// test vectors.
  @Test func nameBasedUUIDsAreVersion5() {
    let dns = UUID(uuidString: "6ba7b810-9dad-11d1-80b4-00c04fd430c8")!
    #expect(
      UUID(name: "python.org", namespace: dns) == UUID(uuidString: "886313e1-3b8a-5372-9b90-0c9aee199e5d"))
    func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
    #expect(hex(SHA1.digest(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
    #expect(hex(SHA1.digest([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
    #expect(hex(SHA1.digest(long)) == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
    #expect(
      hex(SHA1.digest([UInt8](repeating: 0x61, count: 1_000_000)))
        == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
  }

  @Test func toDosWithoutListsGoToTheDefaultList() throws {
    let text = """
      BEGIN:VCALENDAR\r
      BEGIN:VTODO\r
      UID:aaaaaaaa-0000-4000-8000-000000000001\r
      SUMMARY:First\r
      END:VTODO\r
      BEGIN:VTODO\r
      UID:aaaaaaaa-0000-4000-8000-000000000001\r
      SUMMARY:Same UID\r
      END:VTODO\r
      END:VCALENDAR\r
      BEGIN:VCALENDAR\r
      BEGIN:VTODO\r
      SUMMARY:No UID\r
      X-REMINDERS-LIST:Errands\r
      X-REMINDERS-LIST-COLOR:#ed8935\r
      END:VTODO\r
      END:VCALENDAR\r

      """
    let archive = try importing(text, defaultListTitle: "Inbox")
    #expect(archive.lists.map(\.title) == ["Inbox", "Errands"])
    #expect(archive.lists.map(\.color) == [RemindersList.defaultColor, 0xed89_35ff])
    #expect(archive.lists.map(\.position) == [0, 1])
    #expect(archive.reminders.map(\.title) == ["First", "Same UID", "No UID"])
    #expect(archive.reminders[0].id == AwkwardArchive.reminderID(1))
    #expect(archive.reminders[1].id != AwkwardArchive.reminderID(1))
    #expect(
      archive.reminders.map(\.remindersListID) == [
        archive.lists[0].id, archive.lists[0].id, archive.lists[1].id,
      ])
    #expect(archive.reminders.map(\.notes) == ["", "", ""])
    #expect(archive.reminders.allSatisfy { $0.dueDate == nil && !$0.isFlagged && $0.status == .incomplete })
  }

  // MARK: - Errors

  @Test(
    arguments: [
      ("", nil, "the text is empty"),
      ("\r\n\r\n", nil, "the text is empty"),
      ("hello", 1, "expected BEGIN:VCALENDAR, found “hello”"),
      ("BEGIN:VTODO\nEND:VTODO", 1, "expected BEGIN:VCALENDAR, found “BEGIN:VTODO”"),
      (
        "BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:x\n", 2, "BEGIN:VTODO has no END:VTODO (the text is cut short)"
      ),
      ("BEGIN:VCALENDAR\nBEGIN:VTODO\nEND:VCALENDAR", 3, "END:VCALENDAR cannot close BEGIN:VTODO of line 2"),
      ("BEGIN:VCALENDAR\nEND:VCALENDAR\nEND:VCALENDAR", 3, "expected BEGIN:VCALENDAR"),
      ("BEGIN:VCALENDAR\nBEGIN:VEVENT\nBEGIN:VTODO", 3, "a VTODO must be directly inside a VCALENDAR"),
      ("BEGIN:VCALENDAR\nBEGIN:VCALENDAR", 2, "a VCALENDAR cannot be inside VCALENDAR"),
      ("BEGIN:VCALENDAR\nSUMMARY no colon", 2, "SUMMARY has no “:” before its value"),
      ("BEGIN:VCALENDAR\n:value", 2, "is not a property: expected NAME:value"),
      ("BEGIN:VCALENDAR\nDUE;TZID:x", 2, "a parameter of DUE is not NAME=value"),
      ("BEGIN:VCALENDAR\nX-A;B=\"open:x", 2, "the parameter B of X-A has no closing quote"),
      (
        "BEGIN:VCALENDAR\nBEGIN:VTODO\nDUE:2026-03-14\nEND:VTODO", 3,
        "DUE “2026-03-14” is not a date-time such as"
      ),
      ("BEGIN:VCALENDAR\nBEGIN:VTODO\nDUE:20260230T090000Z\nEND:VTODO", 3, "DUE “20260230T090000Z” is not"),
      (
        "BEGIN:VCALENDAR\nBEGIN:VTODO\nPRIORITY:high\nEND:VTODO", 3,
        "PRIORITY “high” is not a number from 0 to 9"
      ),
      ("BEGIN:VCALENDAR\nBEGIN:VTODO\nX-REMINDERS-POSITION:first\nEND:VTODO", 3, "is not a whole number"),
      ("BEGIN:VCALENDAR\nBEGIN:VTODO\nX-REMINDERS-LIST-ID:nope\nEND:VTODO", 3, "is not a UUID"),
      (
        "BEGIN:VCALENDAR\nBEGIN:VTODO\nX-REMINDERS-LIST-COLOR:blue\nEND:VTODO", 3,
        "is not a colour such as #4a99efff"
      ),
    ] as [(String, Int?, String)])
  func errorsNameTheLine(_ text: String, _ line: Int?, _ message: String) {
    #expect {
      try importing(text)
    } throws: { error in
      guard let error = error as? ICalendarError else { return false }
      return error.line == line && error.message.contains(message)
    }
  }

  @Test func aTextCutAnywhereIsReadOrRefusedWithoutACrash() {
    let scalars = Array(AwkwardArchive.make().iCalendar(stamp: stamp).unicodeScalars)
    for end in stride(from: 0, to: scalars.count, by: 7) {
      var text = String.UnicodeScalarView()
      text.append(contentsOf: scalars[..<end])
      // Only a cut after the last property's name and value leaves a whole calendar.
      let isWhole = String(text).hasSuffix("END:VCALENDAR") || String(text).hasSuffix("END:VCALENDAR\r")
      #expect((try? importing(String(text))) != nil ? isWhole : !isWhole, "cut at \(end)")
    }
  }

  @Test func errorDescriptionsAreSentences() {
    #expect(
      ICalendarError(line: 3, message: "PRIORITY “x” is not a number").description
        == "iCalendar line 3: PRIORITY “x” is not a number.")
    #expect(
      ICalendarError(line: nil, message: "the text is empty").description == "iCalendar: the text is empty.")
  }

  /// The list the user names takes the to-dos that name none, over the calendar's own name; a
  /// new list goes after the lists already there, so the first list (where `add` puts
  /// reminders) stays first.
  @Test func aChosenListAndWhereANewListGoes() throws {
    let text = [
      "BEGIN:VCALENDAR", "X-WR-CALNAME:My Cal", "BEGIN:VTODO", "UID:a", "SUMMARY:Water plants", "END:VTODO",
      "END:VCALENDAR", "",
    ].joined(separator: "\r\n")
    let chosen = try RemindersArchive(iCalendar: text, timeZone: newYork, listTitle: "Chosen")
    #expect(chosen.lists.map(\.title) == ["Chosen"])
    #expect(try importing(text).lists.map(\.title) == ["My Cal"])

    let database = try AppDatabase.inMemory()
    try database.writeAction { try $0.loadSampleData() }
    let before = try database.read { try RemindersList.order(by: \.position).fetchAll($0) }
    try database.writeAction { try $0.importArchive(importing(text)) }
    let after = try database.read { try RemindersList.order(by: \.position).fetchAll($0) }
    #expect(after.map(\.title) == before.map(\.title) + ["My Cal"])
  }

  /// A date before the Gregorian reform comes back as it went out: export and import read UTC
  /// times in the one calendar dates are stored in.
  @Test func anOldDateSurvivesTheRoundTrip() throws {
    var archive = AwkwardArchive.make()
    let due = try #require(DatabaseDateFormat.date(from: "1000-01-06 09:00:00.000"))
    archive.reminders[0].dueDate = due
    let again = try importing(archive.iCalendar(stamp: stamp))
    #expect(again.reminders.first { $0.id == archive.reminders[0].id }?.dueDate == due)
    // A day a month does not have is still refused.
    let text = [
      "BEGIN:VCALENDAR", "BEGIN:VTODO", "SUMMARY:x", "DUE:20260230T090000Z", "END:VTODO", "END:VCALENDAR", "",
    ]
    .joined(separator: "\r\n")
    #expect(throws: ICalendarError.self) { try importing(text) }
  }
}
