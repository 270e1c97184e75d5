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
  /// How many screen lines the row at an index takes (its `ListRow.height`). Asked only for rows
  /// near the selection and the scroll position, and for the last rows when they are on screen.
  func rowHeight(at index: Int) -> Int
  /// False for rows that cannot be selected, such as section headings: moving skips them.
  func isSelectable(at index: Int) -> Bool
}

extension ListDataSource {
  public func rowHeight(at index: Int) -> Int { 1 }
  public func isSelectable(at index: Int) -> Bool { true }
}

/// How one row of a list looks: a marker, text, a right-aligned detail, and optionally more lines
/// below (indented under the text).
public struct ListRow: Hashable, Sendable {
  /// A short prefix such as a checkbox (`[x]`) or a bullet.
  public var marker: StyledText
  public var title: StyledText
  /// Text shown right-aligned on the first line (a count, a date).
  public var detail: StyledText
  /// Lines under the first, such as notes.
  public var lines: [StyledText]

  public init(
    _ text: String, detail: String = "", marker: String = "", style: Style = .normal,
    markerStyle: Style? = nil, detailStyle: Style = .dim
  ) {
    self.init(
      title: StyledText(text, style: style), detail: StyledText(detail, style: detailStyle),
      marker: StyledText(marker, style: markerStyle ?? style))
  }

  public init(
    title: StyledText, detail: StyledText = StyledText(), marker: StyledText = StyledText(),
    lines: [StyledText] = []
  ) {
    self.marker = marker
    self.title = title
    self.detail = detail
    self.lines = lines
  }

  /// The row's text without styles.
  public var text: String { title.description }

  /// The screen lines the row takes.
  public var height: Int { 1 + lines.count }
}
