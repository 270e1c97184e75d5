/// The cells that differ between two frames of the same size, as runs of columns per row, so a
/// back end rewrites only what changed.
public struct CanvasDiff: Hashable, Sendable {
  /// Columns `columns` of row `row` changed.
  public struct Run: Hashable, Sendable {
    public var row: Int
    public var columns: Range<Int>
  }

  public private(set) var runs: [Run]

  /// Every row, for a first frame or after the terminal was cleared.
  public static func full(_ canvas: Canvas) -> CanvasDiff {
    let width = canvas.size.width
    guard width > 0 else { return CanvasDiff(runs: []) }
    return CanvasDiff(runs: (0..<canvas.size.height).map { Run(row: $0, columns: 0..<width) })
  }

  /// The changes from `old` to `new`; everything when the sizes differ. A run that ends on the
  /// left half of a wide character, or starts on its right half, is widened to take the whole
  /// character, since terminals draw a wide character only as a whole.
  public init(from old: Canvas, to new: Canvas) {
    guard old.size == new.size else {
      self = .full(new)
      return
    }
    var runs: [Run] = []
    let width = new.size.width
    for row in 0..<new.size.height {
      let before = old.row(row)
      let after = new.row(row)
      guard before != after else { continue }
      var column = 0
      while column < width {
        guard before[before.startIndex + column] != after[after.startIndex + column] else {
          column += 1
          continue
        }
        var start = column
        while column < width, before[before.startIndex + column] != after[after.startIndex + column] {
          column += 1
        }
        if start > 0, after[after.startIndex + start].isContinuation { start -= 1 }
        if column < width, after[after.startIndex + column].isContinuation { column += 1 }
        if let last = runs.last, last.row == row, last.columns.upperBound >= start {
          runs[runs.count - 1].columns = last.columns.lowerBound..<column
        } else {
          runs.append(Run(row: row, columns: start..<column))
        }
      }
    }
    self.runs = runs
  }

  private init(runs: [Run]) {
    self.runs = runs
  }

  public var isEmpty: Bool { runs.isEmpty }

  /// The number of cells to rewrite.
  public var cellCount: Int { runs.reduce(0) { $0 + $1.columns.count } }
}
