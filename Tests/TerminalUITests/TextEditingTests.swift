import Testing

@testable import TerminalUI

@Suite("TextField and TextArea")
struct TextEditingTests {
  private func field(_ text: String, keys: [KeyPress]) -> TextFieldState {
    var state = TextFieldState(text)
    for key in keys { _ = state.handle(.key(key)) }
    return state
  }

  @Test func typingAndCursorMovement() {
    var state = TextFieldState()
    for event in KeyEvent.typing("helo") { _ = state.handle(event) }
    _ = state.handle(.key(.left))
    _ = state.handle(.key(KeyPress("l")))
    #expect(state.text == "hello")
    #expect(state.cursor == 4)
    _ = state.handle(.key(.control("a")))
    _ = state.handle(.key(KeyPress(">")))
    _ = state.handle(.key(.control("e")))
    _ = state.handle(.key(KeyPress("!")))
    #expect(state.text == ">hello!")
    let enterHandled = state.handle(.key(.enter))
    let tabHandled = state.handle(.key(.tab))
    #expect(!enterHandled && !tabHandled)
  }

  @Test func readlineKills() {
    #expect(field("one two three", keys: [.control("w")]).text == "one two ")
    #expect(field("one two three", keys: [.control("w"), .control("w")]).text == "one ")
    #expect(field("one two three", keys: [.alt("b"), .control("k")]).text == "one two ")
    #expect(field("one two three", keys: [.alt("b"), .control("u")]).text == "three")
    #expect(
      field("one two three", keys: [.control("a"), .alt("f"), .alt("f"), .control("k")]).text == "one two")
    #expect(field("one two", keys: [.control("a"), .alt("d")]).text == " two")
    #expect(field("abc", keys: [.backspace, .control("a"), .delete]).text == "b")
    #expect(field("abc", keys: [.control("a"), .backspace, .control("b")]).cursor == 0)
    #expect(field("", keys: [.control("w"), .control("k"), .control("u"), .delete, .backspace]).text == "")
  }

  @Test func wordMotions() {
    var state = TextFieldState("path/to-file.txt")
    _ = state.handle(.key(.alt("b")))
    #expect(state.cursor == 13)
    _ = state.handle(.key(.alt("b")))
    #expect(state.cursor == 8)
    _ = state.handle(.key(.alt("f")))
    #expect(state.cursor == 12)
  }

  @Test func pasteIsOneLine() {
    var state = TextFieldState("a")
    _ = state.handle(.paste("b\nc"))
    #expect(state.text == "ab c")
  }

  /// A paste cannot put terminal controls into the text: an escape sequence keeps its printable
  /// part, a tab becomes a space in a field and stays in an area, line breaks stay in an area.
  @Test func pastedControlCharactersAreDropped() {
    let pasted = "tab\there \u{1B}[31mRED\u{1B}[0m \u{1B}]0;title\u{07}\u{7F}\u{9B}end\r\nnext é\u{301}"
    var field = TextFieldState()
    _ = field.handle(.paste(pasted))
    #expect(field.text == "tab here [31mRED[0m ]0;titleend next é\u{301}")
    var area = TextAreaState()
    _ = area.handle(.paste(pasted))
    #expect(area.text == "tab\there [31mRED[0m ]0;titleend\nnext é\u{301}")
  }

  @Test func wideCharactersAndCombiningMarks() {
    var state = TextFieldState()
    for event in KeyEvent.typing("日本e") { _ = state.handle(event) }
    _ = state.handle(.key(KeyPress("\u{301}")))
    #expect(state.text == "日本é")
    #expect(state.editor.cursorColumn == 5)
    _ = state.handle(.key(.backspace))
    #expect(state.text == "日本")
    let canvas = draw(TextField(state), width: 8, height: 1)
    #expect(canvas.textSnapshot() == "日本")
    #expect(canvas.cursor == Point(x: 4, y: 0))
  }

  @Test func scrollsHorizontallyToKeepTheCursorVisible() {
    var state = TextFieldState("abcdefghij")
    var canvas = draw(TextField(state), width: 5, height: 1)
    #expect(canvas.textSnapshot() == "ghij")
    #expect(canvas.cursor == Point(x: 4, y: 0))
    _ = state.handle(.key(.home))
    canvas = draw(TextField(state), width: 5, height: 1)
    #expect(canvas.textSnapshot() == "abcde")
    #expect(canvas.cursor == Point(x: 0, y: 0))
    // A wide character cut by the left edge shows as a space.
    let wide = TextFieldState("日本語")
    canvas = draw(TextField(wide), width: 4, height: 1)
    #expect(canvas.textSnapshot() == " 語")
    #expect(canvas.cursor == Point(x: 3, y: 0))
  }

  @Test func hintAndFocus() {
    let canvas = draw(
      TextField(TextFieldState(), hint: "Search", isFocused: false), width: 10, height: 1)
    #expect(canvas.textSnapshot() == "Search")
    #expect(canvas.styleSnapshot() == "dddddd....")
    #expect(canvas.cursor == nil)
  }

  @Test func textAreaEditing() {
    var state = TextAreaState()
    for event in KeyEvent.typing("first") { _ = state.handle(event) }
    _ = state.handle(.key(.enter))
    for event in KeyEvent.typing("second line") { _ = state.handle(event) }
    #expect(state.text == "first\nsecond line")
    _ = state.handle(.key(.up))
    #expect(state.cursor == (row: 0, index: 5))
    _ = state.handle(.key(.down))
    #expect(state.cursor == (row: 1, index: 11))  // back to the goal column
    _ = state.handle(.key(.home))
    _ = state.handle(.key(.backspace))
    #expect(state.text == "firstsecond line")
    _ = state.handle(.key(.enter))
    _ = state.handle(.key(.up))
    _ = state.handle(.key(.end))
    _ = state.handle(.key(.delete))
    #expect(state.text == "firstsecond line")
    _ = state.handle(.key(.left))
    _ = state.handle(.key(.right))
    #expect(state.cursor == (row: 0, index: 5))
    _ = state.handle(.paste("A\r\nB"))
    #expect(state.text == "firstA\nBsecond line")
    #expect(state.cursor == (row: 1, index: 1))
  }

  @Test func textAreaScrolls() {
    var state = TextAreaState("one\ntwo\nthree\nfour")
    var canvas = draw(TextArea(state), width: 6, height: 2)
    #expect(canvas.textSnapshot() == "three\nfour")
    #expect(canvas.cursor == Point(x: 4, y: 1))
    for _ in 0..<3 { _ = state.handle(.key(.up)) }
    canvas = draw(TextArea(state), width: 6, height: 2)
    #expect(canvas.textSnapshot() == "one\ntwo")
    #expect(canvas.cursor == Point(x: 3, y: 0))
    let empty = draw(TextArea(TextAreaState(), hint: "Notes"), width: 6, height: 2)
    #expect(empty.textSnapshot() == "Notes\n")
  }
}
