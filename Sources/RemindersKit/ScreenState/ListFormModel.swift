import Foundation
import Observation
import SQLiteData

/// The list form: a title and a colour from the named palette.
@MainActor
@Observable
public final class ListFormModel {
  /// The list edited, or nil for a new one.
  public let listID: RemindersList.ID?
  public var title: String
  /// The colours offered: the palette, and the list's own colour first when it is not in it.
  public let colors: [(name: String, color: Int)]
  /// The chosen colour, an index into `colors`.
  public var colorIndex: Int
  /// An existing list as the form had it when it opened: a save writes only what differs.
  public let original: RemindersList.Draft?
  /// The title and colour the form opened with: blank and blue for a new list.
  private let opened: (title: String, color: Int)

  /// A form for a new list, blue as new lists are.
  public init() {
    listID = nil
    title = ""
    original = nil
    colors = RemindersList.palette
    colorIndex = colors.firstIndex { $0.color == RemindersList.defaultColor } ?? 0
    opened = ("", RemindersList.defaultColor)
  }

  /// A form for an existing list.
  public init(editing list: RemindersList) {
    listID = list.id
    title = list.title
    var colors = RemindersList.palette
    if !colors.contains(where: { $0.color == list.color }) {
      colors.insert((RemindersList.colorName(list.color), list.color), at: 0)
    }
    self.colors = colors
    colorIndex = colors.firstIndex { $0.color == list.color } ?? 0
    original = RemindersList.Draft(id: list.id, color: list.color, title: list.title)
    opened = (list.title, list.color)
  }

  public var isNew: Bool { listID == nil }

  /// Whether the title or the colour differ from what the form opened with.
  public var hasChanges: Bool { title != opened.title || color != opened.color }

  /// The chosen colour, packed `0xRRGGBBAA`.
  public var color: Int { colors[min(max(colorIndex, 0), colors.count - 1)].color }

  /// The list as the form has it, to save with ``Database/saveList(_:)``.
  public var draft: RemindersList.Draft {
    RemindersList.Draft(id: listID, color: color, title: title)
  }
}
