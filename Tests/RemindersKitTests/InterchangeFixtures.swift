import Foundation
import RemindersKit

/// An archive with text that trips up writers: separators of both formats, line breaks, emoji,
/// wide characters, a leading combining mark, long lines.
enum AwkwardArchive {
  static let personal = UUID(uuidString: "4A99EF00-0000-4000-8000-000000000001")!
  static let family = UUID(uuidString: "ED893500-0000-4000-8000-000000000002")!
  static let work = UUID(uuidString: "B25DD300-0000-4000-8000-000000000003")!
  static let empty = UUID(uuidString: "00000000-0000-4000-8000-000000000004")!

  static func reminderID(_ number: Int) -> UUID {
    UUID(uuidString: String(format: "AAAAAAAA-0000-4000-8000-%012d", number))!
  }

  static func pairID(_ number: Int) -> UUID {
    UUID(uuidString: String(format: "BBBBBBBB-0000-4000-8000-%012d", number))!
  }

  static let longTitle = String(repeating: "A long title that needs folding, again; ", count: 5)
  static let wideNotes = String(repeating: "日本語のメモ 🥛👨‍👩‍👧‍👦 café ", count: 8)

  /// Text the iCalendar form carries unchanged (line breaks are single LFs).
  static func make() -> RemindersArchive {
    RemindersArchive(
      lists: [
        RemindersList(id: personal, color: 0x4a99_efff, position: 1, title: "Personal"),
        RemindersList(id: family, color: 0xed89_3580, position: 2, title: "Family, \"Friends\"; & Co \\ 🏠"),
        RemindersList(id: work, color: 0xb25d_d3ff, position: 3, title: "仕事"),
        RemindersList(id: empty, color: 0x0000_0000, position: 4, title: "Nothing yet"),
      ],
      listAssets: [
        RemindersListAsset(remindersListID: personal, coverImage: Data([0, 1, 2, 0xfe, 0xff])),
        RemindersListAsset(remindersListID: family, coverImage: nil),
      ],
      reminders: [
        Reminder(
          id: reminderID(1), notes: "Milk\nEggs\nApples / Oatmeal\n\nSpinach", position: 1,
          remindersListID: personal, title: "Groceries"),
        Reminder(
          id: reminderID(2), dueDate: utc("2026-03-11 21:00:00"), isFlagged: true, notes: "Ask: a,b;c\\d",
          position: 5, priority: .medium, remindersListID: family, title: "Call mom, dad; and \\ grandma"),
        Reminder(
          id: reminderID(3), dueDate: utc("2026-03-08 07:30:00"), notes: wideNotes, position: 2,
          priority: .high, remindersListID: work, status: .completed, title: "买牛奶 🥛 👨‍👩‍👧‍👦 — café"),
        Reminder(
          id: reminderID(4), dueDate: utc("1999-12-31 23:59:59"), position: 3, priority: .low,
          remindersListID: personal, title: longTitle),
        Reminder(
          id: reminderID(5), position: 4, remindersListID: work, status: .completing,
          title: "\u{301}accent first, then ; and \\n literally"),
      ],
      tags: [
        Tag(title: "someday"), Tag(title: "Family, Friends; Others"), Tag(title: "日本"), Tag(title: "unused"),
      ],
      reminderTags: [
        ReminderTag(id: pairID(1), reminderID: reminderID(1), tagID: "someday"),
        ReminderTag(id: pairID(2), reminderID: reminderID(1), tagID: "日本"),
        ReminderTag(id: pairID(3), reminderID: reminderID(2), tagID: "Family, Friends; Others"),
        ReminderTag(id: pairID(4), reminderID: reminderID(3), tagID: "SOMEDAY"),
      ])
  }

  /// More than iCalendar carries: milliseconds, CR LF and control characters, a colour wider than
  /// 32 bits.
  static func makeForJSON() -> RemindersArchive {
    var archive = make()
    archive.reminders[1].dueDate = utc("2026-03-11 21:00:00.123")
    archive.reminders[0].notes = "Line one\r\nLine two\tafter a tab \u{7} bell \"quoted\""
    archive.lists[3].color = 0x1_0000_0000
    archive.lists.append(RemindersList(id: UUID(), color: -1, position: -2, title: ""))
    return archive
  }
}

/// 00000000-0000-0000-0000-000000000001, …2, and so on.
struct CountingUUIDs {
  var count = 0
  mutating func next() -> UUID {
    count += 1
    return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", count))!
  }
}
