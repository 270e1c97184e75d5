/// Which rows a screen that loads its rows in windows must read next: none while the rows on
/// screen are loaded, else the rows on screen with `margin` more on each side, so that moving a
/// few rows needs no read. The detail screens and search share it.
enum RowWindow {
  static func toLoad(visible: Range<Int>, count: Int, loaded: Range<Int>, margin: Int) -> (
    offset: Int, limit: Int
  )? {
    let needed = visible.clamped(to: 0..<max(count, 0))
    if needed.isEmpty || (needed.lowerBound >= loaded.lowerBound && needed.upperBound <= loaded.upperBound) {
      return nil
    }
    return (max(needed.lowerBound - margin, 0), needed.count + 2 * margin)
  }
}
