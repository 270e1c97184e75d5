/// Rows for a `List`, asked for only the window that is visible, so a list over a query of a
/// million rows draws as fast as one of ten.
public protocol ListDataSource {
  associatedtype ID: Hashable & Sendable

  var count: Int { get }
  /// The identity of the row at an index, used to keep the selection on the same item when
  /// rows move.
  func id(at index: Int) -> ID
  /// Where an item is now, or nil when it is gone.
  func index(of id: ID) -> Int?
  /// The rows of a range of indices, which is always within `0..<count`.
  func rows(in range: Range<Int>) -> [ListRow]
}

/// How one row of a list looks.
public struct ListRow: Hashable, Sendable {
  public var text: String
  /// Text shown right-aligned (a count, a date).
  public var detail: String
  /// A short prefix such as a checkbox (`[x]`) or a bullet.
  public var marker: String
  public var style: Style
  public var markerStyle: Style
  public var detailStyle: Style

  public init(
    _ text: String, detail: String = "", marker: String = "", style: Style = .normal,
    markerStyle: Style? = nil, detailStyle: Style = .dim
  ) {
    self.text = text
    self.detail = detail
    self.marker = marker
    self.style = style
    self.markerStyle = markerStyle ?? style
    self.detailStyle = detailStyle
  }
}
