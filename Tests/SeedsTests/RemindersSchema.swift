import Foundation
import SQLiteData

// The Reminders schema as the seeds write it. Left out: `CKShare` and `SyncMetadata` (CloudKit is
// Apple-only) and SwiftUI's `Color`, for which `Color` below is a user-defined stand-in with the
// same `HexRepresentation` spelling.

/// A colour packed as `0xRRGGBBAA`.
struct Color: Hashable, Sendable {
  var hex: Int

  /// Stored as an INTEGER, as the seeds' `Color.HexRepresentation` does.
  struct HexRepresentation: QueryBindable, Hashable {
    var queryOutput: Color
    init(queryOutput: Color) { self.queryOutput = queryOutput }
    var queryBinding: QueryBinding { .int(Int64(queryOutput.hex)) }
    init(decoder: inout QueryDecoder) throws {
      queryOutput = Color(hex: Int(try decoder.decode(Int64.self)))
    }
  }
}

@Table
struct RemindersList: Hashable, Identifiable {
  let id: UUID
  @Column(as: Color.HexRepresentation.self)
  var color: Color = Self.defaultColor
  var position = 0
  var title = ""

  static let defaultColor = Color(hex: 0x4a99_efff)
}

@Table
struct Reminder: Identifiable {
  let id: UUID
  var dueDate: Date?
  var isFlagged = false
  var notes = ""
  var position = 0
  var priority: Priority?
  var remindersListID: RemindersList.ID
  var status: Status = .incomplete
  var title = ""

  enum Priority: Int, QueryBindable {
    case low = 1
    case medium
    case high
  }
  enum Status: Int, QueryBindable {
    case incomplete = 0
    case completed = 1
    case completing = 2
  }
}

nonisolated extension Reminder.TableColumns {
  var isCompleted: some QueryExpression<Bool> {
    status.neq(Reminder.Status.incomplete)
  }
  var isPastDue: some QueryExpression<Bool> {
    @Dependency(\.date.now) var now
    return !isCompleted && #sql("coalesce(date(\(dueDate)) < date(\(now)), 0)")
  }
  var isToday: some QueryExpression<Bool> {
    @Dependency(\.date.now) var now
    return !isCompleted && #sql("coalesce(date(\(dueDate)) = date(\(now)), 0)")
  }
  var isScheduled: some QueryExpression<Bool> {
    !isCompleted && dueDate.isNot(nil)
  }
}

extension Reminder {
  static let incomplete = Self.where { !$0.isCompleted }
  static let withTags = group(by: \.id)
    .leftJoin(ReminderTag.all) { $0.id.eq($1.reminderID) }
    .leftJoin(Tag.all) { $1.tagID.eq($2.primaryKey) }
}

extension Tag {
  static let withReminders = group(by: \.primaryKey)
    .leftJoin(ReminderTag.all) { $0.primaryKey.eq($1.tagID) }
    .leftJoin(Reminder.all) { $1.reminderID.eq($2.id) }
}

@Table
struct Tag: Hashable, Identifiable {
  @Column(primaryKey: true)
  var title: String
  var id: String { title }
}

@Table("remindersTags")
struct ReminderTag: Identifiable {
  let id: UUID
  let reminderID: Reminder.ID
  let tagID: Tag.ID
}

@Table
struct ReminderText: FTS5 {
  let rowid: Int
  let title: String
  let notes: String
  let tags: String
}

// `share: CKShare?` (with `@Column(as: CKShare?.SystemFieldsRepresentation.self)`) is left out:
// CloudKit is Apple-only.
@Selection
struct ReminderListState: Identifiable {
  var id: RemindersList.ID { remindersList.id }
  var remindersCount: Int
  var remindersList: RemindersList
}

@Selection
struct Stats {
  var allCount = 0
  var flaggedCount = 0
  var scheduledCount = 0
  var todayCount = 0
}

@Table
struct Item: Identifiable {
  let id: Int  // Primary key (auto-generated for Int)
  var title = ""
  var isInStock = true
  var notes = ""
}

@Table
struct Fact: Identifiable {
  let id: Int
  var body: String
}
