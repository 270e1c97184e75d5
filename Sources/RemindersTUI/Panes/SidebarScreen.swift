import RemindersKit
import TerminalUI

/// The sidebar as the left-hand pane has it: the home screen's live values (the smart lists'
/// counts, the lists, the tags in use) and the selection among them, with a list just added
/// selected once its row arrives. It keeps its own state, takes its own keys and makes its own
/// view; the app decides what opening an entry does.
@MainActor
final class SidebarScreen {
  let home: HomeModel
  private(set) var list = ListState<SidebarEntry>()
  /// A list just added, selected when its row arrives.
  private var pendingSelection: SidebarEntry?

  init(home: HomeModel = HomeModel()) {
    self.home = home
  }

  /// The last rows made, with the values they were made from: a cache (the rows are a function of
  /// those values), which drawing may fill without changing what the screen shows.
  private var built: (stats: Stats, lists: [ReminderListState], tags: [TagUsage], source: SidebarSource)?

  /// The rows as the list draws them. Made again only when the home screen's values changed:
  /// every frame and key asks for them, and a few hundred lists take longer to lay out than to
  /// compare (an array that was not replaced compares equal at once).
  var source: SidebarSource {
    let (stats, lists, tags) = (home.stats, home.lists, home.tags)
    if let built, built.stats == stats, built.lists == lists, built.tags == tags { return built.source }
    let source = SidebarSource(stats: stats, lists: lists, tags: tags)
    built = (stats, lists, tags, source)
    return source
  }

  /// The entry selected.
  var selection: SidebarEntry? { list.selection }

  /// Selects `entry` once its row is there (a list just added, whose row comes with the next
  /// value).
  func select(whenItArrives entry: SidebarEntry) {
    pendingSelection = entry
  }

  /// Moves the selection; false when the key is not a list key.
  func navigate(_ key: KeyPress, height: Int) -> Bool {
    list.handle(key, in: source, height: height)
  }

  /// Before a frame: selects the entry waited for once it is there, or keeps the selection on its
  /// entry (on its neighbour when the entry is gone).
  func update(height: Int) {
    let source = self.source
    if let entry = pendingSelection, source.index(of: entry) != nil {
      list.select(id: entry, in: source, height: height)
      pendingSelection = nil
    } else {
      list.reconcile(with: source, height: height)
    }
  }

  /// The pane, drawn from the state as it is.
  func view(isFocused: Bool, takesKeys: Bool) -> SidebarPane {
    SidebarPane(source: source, list: list, isFocused: isFocused, takesKeys: takesKeys)
  }
}
