/// Everything the keyboard can ask of the app; `AppKeymap` binds keys to them.
enum AppAction: Hashable, Sendable {
  // Anywhere
  case help
  case quit
  case undo
  case redo
  case switchPane
  case search
  case quickAdd
  case newReminder
  case loadSampleData
  case syncNow
  case stats
  case share
  case joinShared

  // The sidebar
  case open
  case addList
  case editList
  case deleteEntry
  case moveListUp
  case moveListDown

  // Reminders, on a detail screen or in search results
  case toggleCompletion
  case toggleFlag
  case edit
  case delete
  case moveUp
  case moveDown
  case sort
  case toggleShowCompleted
  case back
  case tag
  case moveToList
  case duplicate
  case rename

  // Marking reminders on a detail screen, for the actions above on all of them
  case mark
  case markRange

  // Search results
  case editQuery
  case clearCompleted

  // The stats: scrolling the lists' completion rates
  case scrollStats(Int)
}
