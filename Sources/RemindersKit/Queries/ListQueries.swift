import Foundation
import SQLiteData

/// A list as the sidebar shows it: with the number of its incomplete reminders.
@Selection
public struct ReminderListState: Hashable, Identifiable, Sendable {
  public var remindersCount: Int
  public var remindersList: RemindersList

  public var id: RemindersList.ID { remindersList.id }
}

extension ReminderListState {
  /// Every list by position, with its count of incomplete reminders (the list's row of
  /// `remindersListCounts`, kept by triggers; none when it has no such row):
  /// `@FetchAll(ReminderListState.all) var lists`.
  public static var all: Select<ReminderListState, RemindersList, RemindersListCounts?> {
    RemindersList
      .order(by: \.position)
      .leftJoin(RemindersListCounts.all) { $0.id.eq($1.remindersListID) }
      .select {
        ReminderListState.Columns(remindersCount: $1.incompleteCount.ifnull(0), remindersList: $0)
      }
  }
}

extension RemindersList {
  /// Every list, by position.
  public static var ordered: Select<RemindersList, RemindersList, ()> {
    RemindersList.order { ($0.position, $0.title) }
  }

  /// The colours the list form offers, by name, packed `0xRRGGBBAA` as the lists store them.
  public static let palette: [(name: String, color: Int)] = [
    ("Red", 0xeb4d_3dff),
    ("Orange", 0xed89_35ff),
    ("Yellow", 0xf7ce_46ff),
    ("Green", 0x65c4_66ff),
    ("Blue", RemindersList.defaultColor),
    ("Purple", 0xb25d_d3ff),
    ("Brown", 0xa2845eff),
    ("Pink", 0xea4c_89ff),
    ("Gray", 0x8e8e_93ff),
  ]

  /// The palette name of a colour, or its hex code (`#4a99ef`) when it is not in the palette.
  public static func colorName(_ color: Int) -> String {
    if let entry = palette.first(where: { $0.color == color }) { return entry.name }
    return String(format: "#%06x", (color >> 8) & 0xff_ffff)
  }
}
