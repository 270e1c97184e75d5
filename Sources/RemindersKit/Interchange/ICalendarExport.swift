import Foundation
import SQLiteData

/// The names of the properties this app adds to a VTODO for what RFC 5545 has no place for.
enum ICalendarProperty {
  static let listID = "X-REMINDERS-LIST-ID"
  static let listTitle = "X-REMINDERS-LIST"
  static let listColor = "X-REMINDERS-LIST-COLOR"
  static let listPosition = "X-REMINDERS-LIST-POSITION"
  static let flagged = "X-REMINDERS-FLAGGED"
  static let position = "X-REMINDERS-POSITION"
  static let productID = "-//SQLiteData//Reminders//EN"
}

extension RemindersArchive {
  /// The reminders as an iCalendar (RFC 5545) text of VTODOs, CR LF line ends, folded at 75
  /// octets. Each VTODO has UID (the reminder's id), DTSTAMP (`stamp`), SUMMARY, DESCRIPTION (when
  /// there are notes), DUE (UTC, to the second), PRIORITY (high 1, medium 5, low 9), STATUS
  /// (NEEDS-ACTION, or COMPLETED for completed and completing), COMPLETED (when it was, UTC, to
  /// the second, where that is known), CATEGORIES (the tags), and
  /// X-REMINDERS-… properties for its list (id, title, colour `#rrggbbaa`, position), its flag and
  /// its position. Lists without reminders and cover images have no place in it: JSON keeps them.
  public func iCalendar(stamp: Date = DependencyValues.current.date.now) -> String {
    let listsByID = Dictionary(lists.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var text = ""
    func put(_ name: String, _ value: String) { text += ICalendarSyntax.fold("\(name):\(value)") }
    put("BEGIN", "VCALENDAR")
    put("VERSION", "2.0")
    put("PRODID", ICalendarProperty.productID)
    put("CALSCALE", "GREGORIAN")
    let dateStamp = ICalendarSyntax.utcDateTime(stamp)
    for reminder in reminders {
      put("BEGIN", "VTODO")
      put("UID", reminder.id.lowercased)
      put("DTSTAMP", dateStamp)
      put("SUMMARY", ICalendarSyntax.escape(reminder.title))
      if !reminder.notes.isEmpty { put("DESCRIPTION", ICalendarSyntax.escape(reminder.notes)) }
      if let dueDate = reminder.dueDate { put("DUE", ICalendarSyntax.utcDateTime(dueDate)) }
      if let priority = reminder.priority { put("PRIORITY", String(Self.iCalendarPriority(priority))) }
      put("STATUS", reminder.isCompleted ? "COMPLETED" : "NEEDS-ACTION")
      if reminder.isCompleted, let completedAt = reminder.completedAt {
        put("COMPLETED", ICalendarSyntax.utcDateTime(completedAt))
      }
      let tags = tagTitles(of: reminder.id)
      if !tags.isEmpty { put("CATEGORIES", tags.map(ICalendarSyntax.escape).joined(separator: ",")) }
      put(ICalendarProperty.listID, reminder.remindersListID.lowercased)
      if let list = listsByID[reminder.remindersListID] {
        put(ICalendarProperty.listTitle, ICalendarSyntax.escape(list.title))
        let color =
          (0...0xffff_ffff).contains(list.color)
          ? ListColorPalette.hexString(list.color, includingAlpha: true) : String(list.color)
        put(ICalendarProperty.listColor, color)
        put(ICalendarProperty.listPosition, String(list.position))
      }
      if reminder.isFlagged { put(ICalendarProperty.flagged, "TRUE") }
      put(ICalendarProperty.position, String(reminder.position))
      put("END", "VTODO")
    }
    put("END", "VCALENDAR")
    return text
  }

  static func iCalendarPriority(_ priority: Reminder.Priority) -> Int {
    switch priority {
    case .high: return 1
    case .medium: return 5
    case .low: return 9
    }
  }
}
