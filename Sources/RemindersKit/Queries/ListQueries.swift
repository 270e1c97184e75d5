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

  /// The colours the list form offers, by name, packed `0xRRGGBBAA` as the lists store them
  /// (``ListColorPalette``'s colours).
  public static var palette: [(name: String, color: Int)] { ListColorPalette.all.map { ($0.name, $0.value) } }

  /// The palette name of a colour, or its hex code (`#4a99ef`) when it is not in the palette.
  public static func colorName(_ color: Int) -> String {
    ListColorPalette.name(of: color) ?? ListColorPalette.hexString(color)
  }
}
