extension StringProtocol {
  /// The text cut to at most `width` columns, ending in `ellipsis` when anything was removed.
  /// A wide character that would straddle the limit is dropped whole, so the result can be one
  /// column narrower than asked; spaces before the ellipsis are dropped too.
  public func truncated(toWidth width: Int, ellipsis: Character = "…") -> String {
    guard width > 0 else { return "" }
    if terminalWidth <= width { return String(self) }
    let ellipsisWidth = ellipsis.terminalWidth
    guard ellipsisWidth <= width else { return "" }
    var result = ""
    var used = 0
    for character in self {
      let characterWidth = character.terminalWidth
      if used + characterWidth + ellipsisWidth > width { break }
      result.append(character)
      used += characterWidth
    }
    while result.last?.isWhitespace == true { result.removeLast() }
    result.append(ellipsis)
    return result
  }

  /// The text cut to exactly `width` columns without an ellipsis, for clipping at the edge of a
  /// region. A wide character that would straddle the limit becomes a space.
  public func clipped(toWidth width: Int) -> String {
    guard width > 0 else { return "" }
    var result = ""
    var used = 0
    for character in self {
      let characterWidth = character.terminalWidth
      if used + characterWidth > width {
        result += String(repeating: " ", count: width - used)
        break
      }
      result.append(character)
      used += characterWidth
    }
    return result
  }
}
