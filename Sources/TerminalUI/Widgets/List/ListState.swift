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

  /// The first visible row for a viewport of `height` lines: the stored offset, moved just enough
  /// to show the whole selected row (when `followsSelection`) and not to leave empty space below
  /// the last row.
  public func visibleOffset<Source: ListDataSource>(
    in source: Source, height: Int, followsSelection: Bool = true
  ) -> Int
  where Source.ID == ID {
    guard height > 0, let index = resolvedIndex(in: source) else { return 0 }
    guard followsSelection else {
      return Self.filling(from: max(scrollOffset, 0), in: source, height: height)
    }
    var offset = min(max(scrollOffset, 0), index)
    // The earliest offset from which the rows down to the selection fit; every row takes a line
    // at least, so no more than `height` rows need measuring.
    var firstFitting = index
    var used = source.rowHeight(at: index)
    while firstFitting > 0, firstFitting > index - height {
      let above = source.rowHeight(at: firstFitting - 1)
      guard used + above <= height else { break }
      used += above
      firstFitting -= 1
    }
    offset = max(offset, firstFitting)
    return Self.filling(from: offset, in: source, height: height)
  }

  /// `offset`, moved up if the rows from it would leave empty space below the last row. Rows
  /// below can leave empty space only when fewer than `height` rows follow the offset; only then
  /// are the last rows measured.
  private static func filling<Source: ListDataSource>(from offset: Int, in source: Source, height: Int) -> Int
  {
    let count = source.count
    guard offset + height > count else { return offset }
    var lastStart = count
    var below = 0
    while lastStart > 0 {
      let rowHeight = source.rowHeight(at: lastStart - 1)
      guard below + rowHeight <= height else { break }
      below += rowHeight
      lastStart -= 1
    }
    return max(min(offset, lastStart), 0)
  }

  /// The rows drawn whole in a viewport of `height` lines from `offset`.
  private static func wholeRows<Source: ListDataSource>(from offset: Int, in source: Source, height: Int)
    -> Range<Int>
  {
    var end = offset
    var used = 0
    while end < source.count {
      used += source.rowHeight(at: end)
      guard used <= height else { break }
      end += 1
    }
    return offset..<max(end, min(offset + 1, source.count))
  }

  /// The line the selected row starts on in a viewport of `height` lines, counted from the top
  /// of the viewport, as `List` draws it; nil when nothing is selected or the row is out of view.
  public func selectionLine<Source: ListDataSource>(in source: Source, height: Int) -> Int?
  where Source.ID == ID {
    guard let index = resolvedIndex(in: source) else { return nil }
    let offset = visibleOffset(in: source, height: height)
    guard index >= offset else { return nil }
    var line = 0
    for row in offset..<index {
      line += source.rowHeight(at: row)
      guard line < height else { return nil }
    }
    return line
  }

  /// Brings the state up to date after the source changed: the selection keeps its item, or
  /// moves to the row now where it was when its item was removed (where that row cannot be
  /// selected, a section's heading after its last item, to the nearest row above it first: the
  /// removed item's neighbour in its own section).
  ///
  /// A list that does not show its selection (it is not focused) passes `followsSelection: false`:
  /// it keeps its scroll position instead, so rows added above the selection still show at the
  /// top, and the selection moves onto the nearest row in view if it was pushed out of it.
  public mutating func reconcile<Source: ListDataSource>(
    with source: Source, height: Int, followsSelection: Bool = true
  )
  where Source.ID == ID {
    guard !followsSelection, height > 0, let index = resolvedIndex(in: source) else {
      select(index: resolvedIndex(in: source), towards: -1, in: source, height: height)
      return
    }
    scrollOffset = visibleOffset(in: source, height: height, followsSelection: false)
    let inView = Self.wholeRows(from: scrollOffset, in: source, height: height)
    select(index: min(max(index, inView.lowerBound), inView.upperBound - 1), in: source, height: height)
  }

  public mutating func select<Source: ListDataSource>(id: ID, in source: Source, height: Int)
  where Source.ID == ID {
    guard let index = source.index(of: id) else { return }
    select(index: index, in: source, height: height)
  }

  /// Selects the row at an index (clamped to the list), or the nearest selectable one, looking
  /// down first.
  public mutating func select<Source: ListDataSource>(index: Int?, in source: Source, height: Int)
  where Source.ID == ID {
    select(index: index, towards: 1, in: source, height: height)
  }

  private mutating func select<Source: ListDataSource>(
    index: Int?, towards direction: Int, in source: Source, height: Int
  ) where Source.ID == ID {
    guard let index, source.count > 0,
      let target = Self.selectable(near: min(max(index, 0), source.count - 1), towards: direction, in: source)
    else {
      selection = nil
      selectedIndex = 0
      scrollOffset = 0
      return
    }
    selection = source.id(at: target)
    selectedIndex = target
    scrollOffset = visibleOffset(in: source, height: height)
  }

  /// The selectable row at `index`, else the first one from there in `direction`, else the first
  /// one the other way.
  private static func selectable<Source: ListDataSource>(
    near index: Int, towards direction: Int, in source: Source
  )
    -> Int?
  {
    if source.isSelectable(at: index) { return index }
    let step = direction < 0 ? -1 : 1
    for way in [step, -step] {
      var candidate = index + way
      while candidate >= 0, candidate < source.count {
        if source.isSelectable(at: candidate) { return candidate }
        candidate += way
      }
    }
    return nil
  }

  /// The row an action would select, before skipping rows that cannot be selected: for a list
  /// that loads its rows in windows, to load the one around the target first.
  public func target<Source: ListDataSource>(of action: ListAction, in source: Source, height: Int) -> Int?
  where Source.ID == ID {
    guard let current = resolvedIndex(in: source) else { return nil }
    let target: Int =
      switch action {
      case .up: current - 1
      case .down: current + 1
      case .pageUp: current - Self.rowsFitting(max(height - 1, 1), from: current, step: -1, in: source)
      case .pageDown: current + Self.rowsFitting(max(height - 1, 1), from: current, step: 1, in: source)
      case .halfPageUp: current - Self.rowsFitting(max(height / 2, 1), from: current, step: -1, in: source)
      case .halfPageDown: current + Self.rowsFitting(max(height / 2, 1), from: current, step: 1, in: source)
      case .top: 0
      case .bottom: source.count - 1
      }
    return min(max(target, 0), source.count - 1)
  }

  /// How many rows from `index` (going `step` rows at a time) fill `lines` screen lines: one at
  /// least, so a page always moves.
  private static func rowsFitting<Source: ListDataSource>(
    _ lines: Int, from index: Int, step: Int, in source: Source
  )
    -> Int
  {
    var rows = 0
    var used = 0
    var candidate = index + step
    while candidate >= 0, candidate < source.count {
      used += source.rowHeight(at: candidate)
      guard used <= lines else { break }
      rows += 1
      candidate += step
    }
    return max(rows, 1)
  }

  public mutating func perform<Source: ListDataSource>(_ action: ListAction, in source: Source, height: Int)
  where Source.ID == ID {
    guard let current = resolvedIndex(in: source), let target = target(of: action, in: source, height: height)
    else { return }
    let direction: Int =
      switch action {
      case .bottom: -1
      case .top: 1
      default: target < current ? -1 : 1
      }
    select(index: target, towards: direction, in: source, height: height)
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
      // Rows can be taller than a line: find the one drawn at the pointer's line.
      var row = visibleOffset(in: source, height: rect.height)
      var top = rect.y
      while row < source.count, top + source.rowHeight(at: row) <= mouse.position.y {
        top += source.rowHeight(at: row)
        row += 1
      }
      guard row < source.count, source.isSelectable(at: row) else { return true }
      select(index: row, in: source, height: rect.height)
    case .press, .click, .release:
      return false
    }
    return true
  }
}
