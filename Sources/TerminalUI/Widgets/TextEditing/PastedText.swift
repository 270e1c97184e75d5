/// Pasted text as an editor takes it. A paste is whatever the clipboard held: line breaks become
/// spaces in a one-line field (and stay in an area), and every other control character is
/// dropped (a tab becomes a space in a field), so that no paste can put terminal controls (an
/// escape sequence's ESC, a BEL, a C1 control) into the text.
enum PastedText {
  static func cleaned(_ text: String, keepsLineBreaks: Bool) -> String {
    var cleaned = ""
    cleaned.reserveCapacity(text.utf8.count)
    for character in text {
      if character.isNewline {
        cleaned.append(keepsLineBreaks ? "\n" : " ")
      } else if character == "\t" {
        cleaned.append(keepsLineBreaks ? "\t" : " ")
      } else if !isControl(character) {
        cleaned.append(character)
      }
    }
    return cleaned
  }

  /// C0 controls, DEL and C1 controls: a character that starts with one is a control, whatever
  /// marks are combined with it.
  private static func isControl(_ character: Character) -> Bool {
    guard let first = character.unicodeScalars.first?.value else { return false }
    return first < 0x20 || (0x7F...0x9F).contains(first)
  }
}
