/// A grid of cells that views draw into. Writing clips to the canvas and to an optional clip
/// rectangle; a wide character is stored as a leading cell and a continuation cell, and whatever
/// half of a wide character is overwritten, the other half is blanked so the grid never holds
/// half a character.
public struct Canvas: Sendable, Equatable {
  public private(set) var size: Size
  public private(set) var cells: [Cell]
  /// Where the terminal should show its cursor (a text field being edited), or nil to hide it.
  public var cursor: Point?
  /// How many colours the frame will be shown with: views that tell things apart by colour alone
  /// (charts) draw plain glyphs where there are few or none.
  public var colorDepth: ColorDepth = .indexed256

  public init(size: Size, fill: Cell = .blank) {
    self.size = size
    self.cells = Array(repeating: fill, count: size.width * size.height)
  }

  public var bounds: Rect { Rect(size: size) }

  public subscript(x x: Int, y y: Int) -> Cell {
    guard x >= 0, y >= 0, x < size.width, y < size.height else { return .blank }
    return cells[y * size.width + x]
  }

  /// The cells of one row.
  public func row(_ y: Int) -> ArraySlice<Cell> {
    guard y >= 0, y < size.height else { return [] }
    return cells[y * size.width..<(y + 1) * size.width]
  }

  /// Resizes the canvas, blanking it.
  public mutating func resize(to newSize: Size) {
    size = newSize
    cells = Array(repeating: .blank, count: newSize.width * newSize.height)
    cursor = nil
  }

  /// Fills a rectangle with one character (blank by default) in a style.
  public mutating func fill(_ rect: Rect, with character: Character = " ", style: Style = .normal) {
    let area = rect.intersection(bounds)
    let grapheme = character.sanitizedForTerminal
    let width = grapheme.terminalWidth
    guard !area.isEmpty, width > 0 else { return }
    guard width == 1 else {
      for y in area.y..<area.maxY {
        var x = area.x
        while x < area.maxX {
          x += put(measured: grapheme, width: width, x: x, y: y, style: style, area: area)
        }
      }
      return
    }
    // One-column characters (blanks, most often): whole rows are stored at once, as every view
    // clears its area each frame. Only wide characters straddling the edges need fixing.
    let cell = Cell(grapheme, style: style, width: 1)
    for y in area.y..<area.maxY {
      let row = y * size.width
      if area.x > 0, cells[row + area.x].isContinuation {
        cells[row + area.x - 1] = .blank(cells[row + area.x - 1].style)
      }
      if area.maxX < size.width, cells[row + area.maxX - 1].width == 2 {
        cells[row + area.maxX] = .blank(cells[row + area.maxX].style)
      }
      for x in area.x..<area.maxX { cells[row + x] = cell }
    }
  }

  /// Clears the whole canvas.
  public mutating func clear(style: Style = .normal) {
    for index in cells.indices { cells[index] = .blank(style) }
    cursor = nil
  }

  /// Changes the style of every cell in a rectangle, keeping the characters (to highlight a row).
  public mutating func restyle(_ rect: Rect, _ transform: (Style) -> Style) {
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    for y in area.y..<area.maxY {
      for x in area.x..<area.maxX {
        cells[y * size.width + x].style = transform(cells[y * size.width + x].style)
      }
    }
  }

  public mutating func restyle(_ rect: Rect, to style: Style) {
    restyle(rect) { _ in style }
  }

  /// Writes text on one row from `point`, clipped to `clip` (and the canvas). Characters left of
  /// the clip are skipped, so a caller can scroll text horizontally by starting it further left.
  /// Returns the column after the last character written; writing stops at the clip's right edge.
  @discardableResult
  public mutating func write(
    _ text: some StringProtocol, at point: Point, style: Style = .normal, clip: Rect? = nil
  ) -> Int {
    let area = (clip ?? bounds).intersection(bounds)
    var x = point.x
    guard point.y >= area.y, point.y < area.maxY else { return x }
    // Printable ASCII: one cell a byte, without breaking the text into graphemes.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
      for byte in text.utf8 {
        guard x < area.maxX else { break }
        x += put(
          measured: Character(Unicode.Scalar(byte)), width: 1, x: x, y: point.y, style: style, area: area)
      }
      return x
    }
    for character in text {
      guard x < area.maxX else { break }
      let grapheme = character.sanitizedForTerminal
      x += put(measured: grapheme, width: grapheme.terminalWidth, x: x, y: point.y, style: style, area: area)
    }
    return x
  }

  /// Puts one grapheme at a cell and returns how many columns it takes (0 for a grapheme that
  /// draws nothing, which is dropped). A wide character cut by either edge of the clip shows as
  /// a space on the side that is inside.
  @discardableResult
  public mutating func put(
    _ character: Character, x: Int, y: Int, style: Style = .normal, clip: Rect? = nil
  ) -> Int {
    let area = (clip ?? bounds).intersection(bounds)
    let grapheme = character.sanitizedForTerminal
    return put(measured: grapheme, width: grapheme.terminalWidth, x: x, y: y, style: style, area: area)
  }

  /// `put` for a grapheme already sanitized and measured, with the clip already within bounds.
  private mutating func put(
    measured grapheme: Character, width: Int, x: Int, y: Int, style: Style, area: Rect
  )
    -> Int
  {
    guard width > 0 else { return 0 }
    guard y >= area.y, y < area.maxY else { return width }
    guard x >= area.x, x + width <= area.maxX else {
      // Partly outside: blank the part that is inside.
      let first = max(x, area.x)
      let last = min(x + width, area.maxX)
      if first < last {
        for column in first..<last { place(Cell(" ", style: style), x: column, y: y) }
      }
      return width
    }
    place(Cell(grapheme, style: style, width: UInt8(width)), x: x, y: y)
    if width == 2 { place(Cell(" ", style: style, width: 0), x: x + 1, y: y) }
    return width
  }

  /// Stores a cell after blanking the other half of any wide character it overwrites.
  private mutating func place(_ cell: Cell, x: Int, y: Int) {
    let index = y * size.width + x
    // Only the old cell's width is read: copying the whole cell costs a reference count.
    let oldWidth = cells[index].width
    if oldWidth == 0, !cell.isContinuation, x > 0 {
      cells[index - 1] = .blank(cells[index - 1].style)
    }
    if oldWidth == 2, x + 1 < size.width {
      cells[index + 1] = .blank(cells[index + 1].style)
    }
    cells[index] = cell
  }
}
