import Foundation
import SQLiteData

/// A list of reminders, drawn in its colour and ordered by `position`.
@Table
public struct RemindersList: Hashable, Identifiable, Sendable {
  public let id: UUID
  /// Packed `0xRRGGBBAA`, as the seeds' example stores a colour.
  public var color: Int = RemindersList.defaultColor
  public var position = 0
  public var title = ""

  public static let defaultColor = 0x4a99_efff

  public init(id: UUID, color: Int = RemindersList.defaultColor, position: Int = 0, title: String = "") {
    self.id = id
    self.color = color
    self.position = position
    self.title = title
  }
}
