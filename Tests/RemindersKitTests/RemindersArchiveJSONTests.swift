import Foundation
import RemindersKit
import Testing

@Suite struct RemindersArchiveJSONTests {
  @Test func archivesRoundTripLosslessly() throws {
    let archive = AwkwardArchive.makeForJSON()
    let data = try archive.jsonData()
    #expect(try RemindersArchive(jsonData: data) == archive)
  }

  @Test func jsonToArchiveToJSONIsByteIdentical() throws {
    let data = try AwkwardArchive.makeForJSON().jsonData()
    let again = try RemindersArchive(jsonData: data).jsonData()
    #expect(again == data)
  }

  @Test func theFormatIsPinned() throws {
    let listID = UUID(uuidString: "4A99EF00-0000-4000-8000-000000000001")!
    let reminderID = UUID(uuidString: "AAAAAAAA-0000-4000-8000-000000000001")!
    let archive = RemindersArchive(
      lists: [RemindersList(id: listID, position: 1, title: "Personal")],
      reminders: [
        Reminder(
          id: reminderID, dueDate: utc("2026-03-11 21:00:00.120"), notes: "Milk / Eggs", priority: .high,
          remindersListID: listID, title: "Groceries")
      ],
      tags: [Tag(title: "someday")],
      reminderTags: [
        ReminderTag(
          id: UUID(uuidString: "BBBBBBBB-0000-4000-8000-000000000001")!, reminderID: reminderID,
          tagID: "someday")
      ])
    let expected = """
      {
        "reminders" : [
          {
            "dueDate" : "2026-03-11 21:00:00.120",
            "id" : "aaaaaaaa-0000-4000-8000-000000000001",
            "isFlagged" : false,
            "notes" : "Milk / Eggs",
            "position" : 0,
            "priority" : "high",
            "remindersListID" : "4a99ef00-0000-4000-8000-000000000001",
            "status" : "incomplete",
            "title" : "Groceries"
          }
        ],
        "remindersListAssets" : [

        ],
        "remindersLists" : [
          {
            "color" : "#4a99efff",
            "id" : "4a99ef00-0000-4000-8000-000000000001",
            "position" : 1,
            "title" : "Personal"
          }
        ],
        "remindersTags" : [
          {
            "id" : "bbbbbbbb-0000-4000-8000-000000000001",
            "reminderID" : "aaaaaaaa-0000-4000-8000-000000000001",
            "tagID" : "someday"
          }
        ],
        "tags" : [
          {
            "title" : "someday"
          }
        ],
        "version" : 1
      }

      """
    #expect(String(decoding: try archive.jsonData(), as: UTF8.self) == expected)
  }

  @Test func awkwardValuesAreWrittenAsTheyAre() throws {
    let text = String(decoding: try AwkwardArchive.makeForJSON().jsonData(), as: UTF8.self)
    #expect(text.contains(#""title" : "买牛奶 🥛 👨‍👩‍👧‍👦 — café""#))
    #expect(text.contains(#""title" : "Family, \"Friends\"; & Co \\ 🏠""#))
    #expect(text.contains(#""notes" : "Line one\r\nLine two\tafter a tab \u0007 bell \"quoted\"""#))
    #expect(text.contains(#""color" : 4294967296"#))
    #expect(text.contains(#""color" : -1"#))
    #expect(text.contains(##""color" : "#ed893580""##))
    #expect(text.contains(#""coverImage" : "AAEC/v8=""#))
    #expect(text.contains(#""coverImage" : null"#))
    #expect(text.contains(#""dueDate" : null"#))
    #expect(text.contains(#""dueDate" : "1999-12-31 23:59:59.000""#))
    #expect(text.contains(#""status" : "completing""#))
    #expect(text.contains(#""priority" : null"#))
    #expect(!text.contains("AAAAAAAA"))
  }

  @Test func handWrittenArchivesMayLeaveOutDefaultsAndUseNumbers() throws {
    let json = """
      {
        "version": 1,
        "remindersLists": [
          {"id": "4A99EF00-0000-4000-8000-000000000001", "title": "Personal"},
          {"id": "ed893500-0000-4000-8000-000000000002", "color": "#ed8935"},
          {"id": "b25dd300-0000-4000-8000-000000000003", "color": 2992493567}
        ],
        "reminders": [
          {"id": "aaaaaaaa-0000-4000-8000-000000000001",
           "remindersListID": "4a99ef00-0000-4000-8000-000000000001",
           "priority": 2, "status": 1, "dueDate": "2026-03-14T09:30Z"},
          {"id": "aaaaaaaa-0000-4000-8000-000000000002",
           "remindersListID": "4a99ef00-0000-4000-8000-000000000001",
           "priority": "HIGH", "status": "completing", "title": "Named"}
        ]
      }
      """
    let archive = try RemindersArchive(jsonData: Data(json.utf8))
    #expect(archive.lists.map(\.color) == [RemindersList.defaultColor, 0xed89_35ff, 0xb25d_d3ff])
    #expect(archive.lists.map(\.title) == ["Personal", "", ""])
    #expect(archive.lists[0].id == AwkwardArchive.personal)
    #expect(archive.reminders[0].priority == .medium)
    #expect(archive.reminders[0].status == .completed)
    #expect(archive.reminders[0].dueDate == utc("2026-03-14 09:30:00"))
    #expect(archive.reminders[0].title == "")
    #expect(archive.reminders[0].notes == "")
    #expect(archive.reminders[0].isFlagged == false)
    #expect(archive.reminders[1].priority == .high)
    #expect(archive.reminders[1].status == .completing)
    #expect(archive.tags.isEmpty && archive.reminderTags.isEmpty && archive.listAssets.isEmpty)
  }

  @Test(arguments: [
    ("{", "", "not valid JSON: it ends too early"),
    ("{\n  \"version\": 1,,\n}", "", "not valid JSON: unexpected text at line 2, column 16"),
    ("[]", "", "expected an object"),
    (#"{"remindersLists": []}"#, "", "the key “version” is missing"),
    (#"{"version": 2}"#, "version", "version 2 is not one this app reads (1 to 1); a newer app wrote it"),
    (#"{"version": "1"}"#, "version", "expected a whole number"),
    (
      #"{"version": 1, "remindersLists": [{"id": @L}, {"id": "nope"}]}"#,
      "remindersLists[1].id", "“nope” is not a UUID"
    ),
    (
      #"{"version": 1, "remindersLists": [{"id": @L, "color": "blue"}]}"#,
      "remindersLists[0].color", "a colour is “#rrggbbaa”, “#rrggbb” or a number"
    ),
    (
      #"{"version": 1, "reminders": [{"id": "aaaaaaaa-0000-4000-8000-000000000001"}]}"#,
      "reminders[0]", "the key “remindersListID” is missing"
    ),
    (
      #"{"version": 1, "reminders": [{@R, "title": 5}]}"#,
      "reminders[0].title", "expected a string"
    ),
    (
      #"{"version": 1, "reminders": [{@R, "dueDate": "soon"}]}"#,
      "reminders[0].dueDate", "“soon” is not a date (UTC, like 2026-03-14 17:00:00.000)"
    ),
    (
      #"{"version": 1, "reminders": [{@R, "priority": "urgent"}]}"#,
      "reminders[0].priority", "expected one of “low” (1), “medium” (2), “high” (3)"
    ),
    (
      #"{"version": 1, "reminders": [{@R, "status": 7}]}"#,
      "reminders[0].status", "expected one of “incomplete” (0), “completed” (1), “completing” (2)"
    ),
    (#"{"version": 1, "tags": [{"title": null}]}"#, "tags[0].title", "null where a string is needed"),
    (
      #"{"version": 1, "remindersListAssets": [{"remindersListID": @L, "coverImage": "!!"}]}"#,
      "remindersListAssets[0].coverImage", "the cover image is not base64 text"
    ),
  ])
  func decodingErrorsSayWhatAndWhere(_ json: String, _ path: String, _ message: String) {
    // @L is a list id, @R a reminder's id and list id.
    let listID = #""4a99ef00-0000-4000-8000-000000000001""#
    let json = json.replacingOccurrences(
      of: "@R", with: #""id": "aaaaaaaa-0000-4000-8000-000000000001", "remindersListID": @L"#
    )
    .replacingOccurrences(of: "@L", with: listID)
    #expect {
      try RemindersArchive(jsonData: Data(json.utf8))
    } throws: { error in
      guard let error = error as? RemindersArchiveError else { return false }
      return error.path == path && error.message.contains(message)
    }
  }

  @Test func errorDescriptionsAreSentences() {
    let error = RemindersArchiveError(path: "reminders[2].dueDate", message: "“soon” is not a date")
    #expect(error.description == "reminders[2].dueDate: “soon” is not a date.")
    #expect(
      RemindersArchiveError(path: "", message: "not valid JSON").description == "not valid JSON.")
  }

  // MARK: - Validation

  @Test func theSampleIsConsistent() throws {
    try AwkwardArchive.make().validate()
  }

  @Test func validationNamesTheFirstBrokenReference() {
    func problem(_ change: (inout RemindersArchive) -> Void) -> RemindersArchiveError? {
      var archive = AwkwardArchive.make()
      change(&archive)
      do {
        try archive.validate()
        return nil
      } catch {
        return error
      }
    }
    let orphan = problem {
      $0.reminders[2].remindersListID = UUID(uuidString: "00000000-0000-0000-0000-00000000000F")!
    }
    #expect(orphan?.path == "reminders[2].remindersListID")
    #expect(orphan?.message == "list 00000000-0000-0000-0000-00000000000f is not in the archive")
    let twice = problem { $0.tags.append(Tag(title: "SomeDay")) }
    #expect(twice?.path == "tags[4].title")
    #expect(twice?.message == "tag “SomeDay” appears twice (tags ignore case)")
    let unknownTag = problem {
      $0.reminderTags[0] = ReminderTag(id: UUID(), reminderID: AwkwardArchive.reminderID(1), tagID: "nope")
    }
    #expect(unknownTag?.path == "remindersTags[0].tagID")
    let unknownReminder = problem {
      $0.reminderTags[1] = ReminderTag(id: UUID(), reminderID: UUID(), tagID: "日本")
    }
    #expect(unknownReminder?.path == "remindersTags[1].reminderID")
    let assetWithoutList = problem { $0.lists.removeFirst() }
    #expect(assetWithoutList?.path == "remindersListAssets[0].remindersListID")
    let duplicateList = problem { $0.lists.append($0.lists[0]) }
    #expect(duplicateList?.path == "remindersLists[4].id")
    let duplicateReminder = problem { $0.reminders.append($0.reminders[0]) }
    #expect(duplicateReminder?.path == "reminders[5].id")
  }

  @Test func tagTitlesFollowTheTagsSpelling() {
    let archive = AwkwardArchive.make()
    #expect(archive.tagTitles(of: AwkwardArchive.reminderID(1)) == ["someday", "日本"])
    #expect(archive.tagTitles(of: AwkwardArchive.reminderID(3)) == ["someday"])
    #expect(archive.tagTitles(of: AwkwardArchive.reminderID(4)) == [])
  }
}

@Suite("An archive read from a database names the text that is not UTF-8 there")
struct TextNotUTF8Tests {
  @Test func rowsWithBytesThatAreNotUTF8AreNamed() throws {
    let fixture = try Fixture()
    let business = try fixture.list("Business")
    // Bytes another program wrote as text: 0xFF is never UTF-8. "Haircut" keeps a U+FFFD of its
    // own, which is UTF-8 and is not named.
    try fixture.database.write { db in
      try db.execute(
        sql: """
          UPDATE "reminders" SET "notes" = CAST(X'4E6F7465FF' AS TEXT) WHERE "title" = 'Groceries';
          UPDATE "reminders" SET "title" = 'Hair�cut' WHERE "title" = 'Haircut';
          UPDATE "remindersLists" SET "title" = CAST(X'576F726BFE' AS TEXT) WHERE "title" = 'Business';
          INSERT INTO "tags" ("title") VALUES (CAST(X'6A6F62C3' AS TEXT));
          """)
    }
    let archive = try fixture.database.archive()
    #expect(
      archive.textNotUTF8 == [
        TextNotUTF8(row: .list(business.id), title: "Work\u{FFFD}", columns: ["title"]),
        TextNotUTF8(
          row: .reminder(try fixture.reminder("Groceries").id), title: "Groceries", columns: ["notes"]),
        TextNotUTF8(row: .tag, title: "job\u{FFFD}", columns: ["title"]),
      ])
    // A database written by the app alone has none.
    #expect(try Fixture().database.archive().textNotUTF8 == [])
  }
}
