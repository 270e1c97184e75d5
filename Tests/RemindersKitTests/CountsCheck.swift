import Foundation
import RemindersKit
import SQLiteData
import Testing

/// Compares the live counts (``Stats/query``, ``ReminderListState/all``, ``TagUsage/inUse`` and
/// ``TagUsage/all``, ``TagPicker``) and the tables the triggers keep with counts made from scratch
/// with `count(*)` over the reminders and taggings. Returns what differs, empty when all agree.
func countDifferences(_ db: Database) throws -> [String] {
  var differences: [String] = []
  func differ<T: Equatable>(_ what: String, _ live: T, _ fresh: T) {
    if live != fresh { differences.append("\(what): live \(live), fresh \(fresh)") }
  }

  // The smart lists.
  let counts = try Row.fetchOne(
    db,
    sql: """
      SELECT
        (SELECT count(*) FROM reminders WHERE status = 0),
        (SELECT count(*) FROM reminders WHERE status IN (1, 2)),
        (SELECT count(*) FROM reminders WHERE status = 0 AND isFlagged),
        (SELECT count(*) FROM reminders WHERE status = 0 AND dueDate IS NOT NULL)
      """)
  let fresh = Stats(
    allCount: counts.map { integer($0[0]) } ?? -1, completedCount: counts.map { integer($0[1]) } ?? -1,
    flaggedCount: counts.map { integer($0[2]) } ?? -1, scheduledCount: counts.map { integer($0[3]) } ?? -1,
    todayCount: try Reminder.where { $0.isToday }.fetchCount(db))
  differ("stats", try Stats.query.fetchOne(db), fresh)

  // The lists, by position, with their incomplete reminders.
  let lists = try ReminderListState.all.fetchAll(db)
  let freshLists = try Row.fetchAll(
    db,
    sql: """
      SELECT l.id, l.position, count(r.id) FROM remindersLists l
      LEFT JOIN reminders r ON r.remindersListID = l.id AND r.status = 0
      GROUP BY l.id
      """
  ).map { (text($0[0]), integer($0[1]), integer($0[2])) }
  differ(
    "list counts",
    Dictionary(uniqueKeysWithValues: lists.map { ($0.id.uuidString.lowercased(), $0.remindersCount) }),
    Dictionary(uniqueKeysWithValues: freshLists.map { ($0.0, $0.2) }))
  differ(
    "lists by position", lists.map(\.remindersList.position), lists.map(\.remindersList.position).sorted())

  // The tags, by title, with their taggings.
  let freshTags = try Row.fetchAll(
    db,
    sql: """
      SELECT t.title, count(rt.tagID) FROM tags t LEFT JOIN remindersTags rt ON t.title = rt.tagID
      GROUP BY t.title ORDER BY t.title
      """
  ).map { (title: text($0[0]), count: integer($0[1])) }
  let allTags = try TagUsage.all.fetchAll(db)
  differ("all tags", allTags.map(\.tag.title), freshTags.map(\.title))
  differ("all tags' counts", allTags.map(\.remindersCount), freshTags.map(\.count))
  let inUse = try TagUsage.inUse.fetchAll(db)
  differ("tags in use", inUse.map(\.tag.title), freshTags.filter { $0.count > 0 }.map(\.title))
  differ("tags in use counts", inUse.map(\.remindersCount), freshTags.filter { $0.count > 0 }.map(\.count))
  let picker = try TagPicker().fetch(db)
  let top = freshTags.enumerated().filter { $0.element.count > 0 }
    .sorted { ($0.element.count, -$0.offset) > ($1.element.count, -$1.offset) }
    .prefix(TagPicker.topCount).map(\.element.title)
  differ("picker's top", picker.top.map(\.tag.title), Array(top))
  differ("picker", picker.all.map(\.tag.title).sorted(), freshTags.map(\.title).sorted())

  // The tables themselves: a row for each list id and tag with something to count, exactly.
  let listRows = try Row.fetchAll(
    db,
    sql: """
      SELECT remindersListID, incompleteCount, flaggedCount, scheduledCount, completedCount
      FROM remindersListCounts ORDER BY remindersListID
      """
  ).map(values)
  let freshListRows = try Row.fetchAll(
    db,
    sql: """
      SELECT remindersListID, sum(status = 0), sum(status = 0 AND isFlagged <> 0),
        sum(status = 0 AND dueDate IS NOT NULL), sum(status IN (1, 2))
      FROM reminders WHERE status IN (0, 1, 2) GROUP BY remindersListID ORDER BY remindersListID
      """
  ).map(values)
  differ("remindersListCounts", listRows, freshListRows)
  let tagRows = try Row.fetchAll(db, sql: "SELECT lower(tagID), remindersCount FROM tagCounts ORDER BY 1")
    .map(values)
  let freshTagRows = try Row.fetchAll(
    db, sql: "SELECT lower(tagID), count(*) FROM remindersTags GROUP BY lower(tagID) ORDER BY 1"
  ).map(values)
  differ("tagCounts", tagRows, freshTagRows)
  return differences
}

private func integer(_ value: DatabaseValue) -> Int {
  if case .integer(let integer) = value { return Int(integer) }
  return -1
}

private func text(_ value: DatabaseValue) -> String {
  if case .text(let text) = value { return text }
  return "\(value)"
}

private func values(_ row: Row) -> [DatabaseValue] { (0..<row.count).map { row[$0] } }

/// A small deterministic generator, so that a failing run replays from its seed.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
