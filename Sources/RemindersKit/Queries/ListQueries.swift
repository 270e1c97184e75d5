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
  /// Every list by position, with its count of incomplete reminders (counted on the
  /// `(remindersListID, status)` index alone):
  /// `@FetchAll(ReminderListState.all) var lists`.
  public static var all: Select<ReminderListState, RemindersList, Reminder?> {
    RemindersList
      .group(by: \.id)
      .order(by: \.position)
      .leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) && $1.isIncomplete }
      .select {
        ReminderListState.Columns(remindersCount: $1.remindersListID.count(), remindersList: $0)
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
