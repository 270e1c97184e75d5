/// The selection and scroll position of a list, kept by the identity of the selected item so it
/// stays on that item when rows are inserted, deleted or reordered.
public struct ListState<ID: Hashable & Sendable>: Sendable {
  /// The selected item, or nil when the list is empty.
  public private(set) var selection: ID?
  /// Where the selection was last seen; used when the selected item disappears, so the selection
  /// lands on its neighbour instead of jumping to the top.
  public private(set) var selectedIndex = 0
  /// The first visible row.
  public private(set) var scrollOffset = 0
  public var keymap = Keymap(ListAction.standardBindings)

  public init(selection: ID? = nil) {
    self.selection = selection
  }

  /// The index of the selection in the source as it is now.
  public func resolvedIndex<Source: ListDataSource>(in source: Source) -> Int? where Source.ID == ID {
    guard source.count > 0 else { return nil }
    if let selection, let index = source.index(of: selection) { return index }
    return min(max(selectedIndex, 0), source.count - 1)
  }

  /// The first visible row for a viewport height: the stored offset, moved just enough to show
  /// the selection and not to leave empty space below the last row.
  public func visibleOffset<Source: ListDataSource>(in source: Source, height: Int) -> Int
  where Source.ID == ID {
    guard height > 0, let index = resolvedIndex(in: source) else { return 0 }
    var offset = scrollOffset
    if index < offset { offset = index }
    if index >= offset + height { offset = index - height + 1 }
    return min(max(offset, 0), max(source.count - height, 0))
  }

  /// Brings the state up to date after the source changed: the selection keeps its item, or
  /// moves to the row now where it was when its item was removed.
  public mutating func reconcile<Source: ListDataSource>(with source: Source, height: Int)
  where Source.ID == ID {
    select(index: resolvedIndex(in: source), in: source, height: height)
  }

  public mutating func select<Source: ListDataSource>(id: ID, in source: Source, height: Int)
  where Source.ID == ID {
    guard let index = source.index(of: id) else { return }
    select(index: index, in: source, height: height)
  }

  public mutating func select<Source: ListDataSource>(index: Int?, in source: Source, height: Int)
  where Source.ID == ID {
    guard let index, source.count > 0 else {
      selection = nil
      selectedIndex = 0
      scrollOffset = 0
      return
    }
    let clamped = min(max(index, 0), source.count - 1)
    selection = source.id(at: clamped)
    selectedIndex = clamped
    scrollOffset = visibleOffset(in: source, height: height)
  }

  public mutating func perform<Source: ListDataSource>(_ action: ListAction, in source: Source, height: Int)
  where Source.ID == ID {
    guard let current = resolvedIndex(in: source) else { return }
    let page = max(height - 1, 1)
    let target: Int =
      switch action {
      case .up: current - 1
      case .down: current + 1
      case .pageUp: current - page
      case .pageDown: current + page
      case .halfPageUp: current - max(height / 2, 1)
      case .halfPageDown: current + max(height / 2, 1)
      case .top: 0
      case .bottom: source.count - 1
      }
    select(index: target, in: source, height: height)
  }

  /// Handles a key with the list's keymap; returns false when the key is not the list's, so the
  /// caller can try it elsewhere. A key that starts a chord (`g`) counts as handled.
  public mutating func handle<Source: ListDataSource>(_ key: KeyPress, in source: Source, height: Int) -> Bool
  where Source.ID == ID {
    switch keymap.handle(key) {
    case .action(let action):
      perform(action, in: source, height: height)
      return true
    case .pending:
      return true
    case .unbound:
      return false
    }
  }

  /// Handles the mouse over a list drawn in `rect`: the wheel moves the selection three rows, the
  /// left button selects the row under the pointer (on release too, since curses reports only the
  /// release when both arrive in one read). Returns false for events the list does not use.
  public mutating func handle<Source: ListDataSource>(_ mouse: MouseEvent, in source: Source, rect: Rect)
    -> Bool
  where Source.ID == ID {
    guard rect.contains(mouse.position) else { return false }
    switch mouse.action {
    case .wheelUp:
      guard let current = resolvedIndex(in: source) else { return true }
      select(index: current - 3, in: source, height: rect.height)
    case .wheelDown:
      guard let current = resolvedIndex(in: source) else { return true }
      select(index: current + 3, in: source, height: rect.height)
    case .press(button: 1), .click(button: 1), .release(button: 1):
      let row = visibleOffset(in: source, height: rect.height) + mouse.position.y - rect.y
      guard row < source.count else { return true }
      select(index: row, in: source, height: rect.height)
    case .press, .click, .release:
      return false
    }
    return true
  }
}
