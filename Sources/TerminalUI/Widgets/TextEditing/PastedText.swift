/// Pasted text as an editor takes it. A paste is whatever the clipboard held: line breaks become
/// spaces in a one-line field (and stay in an area), and every other character the screen would
/// not draw as it is (`isTerminalControl`: an escape sequence's ESC, a BEL, a C1 control, a
/// bidirectional override) is dropped, a tab becoming a space in a field.
enum PastedText {
  static func cleaned(_ text: String, keepsLineBreaks: Bool) -> String {
    var cleaned = ""
    cleaned.reserveCapacity(text.utf8.count)
    for character in text {
      if character.isNewline {
        cleaned.append(keepsLineBreaks ? "\n" : " ")
      } else if character == "\t" {
        cleaned.append(keepsLineBreaks ? "\t" : " ")
      } else if !(character.unicodeScalars.first?.isTerminalControl ?? false) {
        cleaned.append(character)
      }
    }
    return cleaned
  }
}
