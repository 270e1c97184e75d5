extension StringProtocol {
  /// The text broken into lines of at most `width` columns. Explicit line breaks are kept; lines
  /// break between words where possible and inside a word only when the word alone is wider than
  /// a line. Spaces at a break are dropped.
  public func wrapped(toWidth width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    for paragraph in split(separator: "\n", omittingEmptySubsequences: false) {
      lines += wrapParagraph(paragraph, width: width)
    }
    return lines
  }
}

private func wrapParagraph(_ paragraph: some StringProtocol, width: Int) -> [String] {
  var lines: [String] = []
  var line = ""
  var lineWidth = 0

  func flush() {
    lines.append(line)
    line = ""
    lineWidth = 0
  }

  for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
    let wordWidth = word.terminalWidth
    let separator = lineWidth == 0 ? 0 : 1
    if lineWidth + separator + wordWidth <= width {
      if separator == 1 { line.append(" ") }
      line += word
      lineWidth += separator + wordWidth
      continue
    }
    if lineWidth > 0 { flush() }
    if wordWidth <= width {
      line = String(word)
      lineWidth = wordWidth
      continue
    }
    // A word longer than a line is split across lines, character by character.
    for character in word {
      let characterWidth = min(character.terminalWidth, width)
      if lineWidth + characterWidth > width { flush() }
      line.append(character)
      lineWidth += characterWidth
    }
  }
  if lineWidth > 0 || lines.isEmpty { flush() }
  return lines
}
