/// A position on the screen, in columns and rows from the top left.
public struct Point: Hashable, Sendable {
  public var x: Int
  public var y: Int

  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }

  public static let zero = Point(x: 0, y: 0)
}

/// A size in columns and rows.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
  }

  public static let zero = Size(width: 0, height: 0)

  public var description: String { "\(width)×\(height)" }
}

/// A rectangle of cells. Widths and heights never go below zero, so layout arithmetic on a tiny
/// terminal produces empty rectangles rather than nonsense.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  public var origin: Point
  public var size: Size

  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  public init(size: Size) {
    self.init(origin: .zero, size: size)
  }

  public var x: Int { origin.x }
  public var y: Int { origin.y }
  public var width: Int { size.width }
  public var height: Int { size.height }
  public var maxX: Int { origin.x + size.width }
  public var maxY: Int { origin.y + size.height }
  public var isEmpty: Bool { size.width == 0 || size.height == 0 }

  public var description: String { "(\(x),\(y) \(size))" }

  public func contains(_ point: Point) -> Bool {
    point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
  }

  /// The overlap of two rectangles, empty (at this origin) when they do not meet.
  public func intersection(_ other: Rect) -> Rect {
    let left = max(x, other.x)
    let top = max(y, other.y)
    let right = min(maxX, other.maxX)
    let bottom = min(maxY, other.maxY)
    guard right > left, bottom > top else { return Rect(origin: Point(x: left, y: top), size: .zero) }
    return Rect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// The rectangle shrunk by the given amounts on each side.
  public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
    Rect(
      x: x + left, y: y + top, width: width - left - right, height: height - top - bottom)
  }

  public func inset(by amount: Int) -> Rect {
    inset(top: amount, left: amount, bottom: amount, right: amount)
  }

  /// A rectangle of the given size centred in this one, shrunk to fit when it is larger.
  public func centered(_ inner: Size) -> Rect {
    let width = min(inner.width, self.width)
    let height = min(inner.height, self.height)
    return Rect(
      x: x + (self.width - width) / 2, y: y + (self.height - height) / 2, width: width, height: height)
  }

  /// One row of this rectangle, empty when the row is outside it.
  public func row(_ index: Int) -> Rect {
    guard index >= 0, index < height else { return Rect(x: x, y: y, width: width, height: 0) }
    return Rect(x: x, y: y + index, width: width, height: 1)
  }
}
