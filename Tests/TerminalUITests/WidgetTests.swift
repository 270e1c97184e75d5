import Testing

@testable import TerminalUI

@Suite("Text, forms, pickers, dialogs, status line and help")
struct WidgetTests {
  @Test func textWrapsAlignsAndTruncates() {
    #expect(screen(Text("the quick brown fox jumps"), width: 10, height: 3) == "the quick\nbrown fox\njumps")
    #expect(screen(Text("the quick brown fox jumps"), width: 10, height: 2) == "the quick\nbrown fox…")
    #expect(screen(Text("centre", alignment: .center), width: 10, height: 1) == "  centre")
    #expect(screen(Text("right", alignment: .trailing), width: 8, height: 1) == "   right")
    #expect(screen(Text("a long line\nnext", overflow: .truncate), width: 6, height: 2) == "a lon…\nnext")
    #expect(screen(Text("日本語のテキスト"), width: 5, height: 2) == "日本\n語の…")
  }

  @Test func formFocusOrderAndEditing() {
    var form = FormState([
      .text("Title", "Milk"),
      .toggle("Flagged"),
      .choice("Priority", options: ["None", "Low", "High"]),
    ])
    #expect(form.handle(.key(.control("w"))) == nil)
    for event in KeyEvent.typing("Eggs") { _ = form.handle(event) }
    _ = form.handle(.key(.tab))
    _ = form.handle(.key(KeyPress(" ")))
    _ = form.handle(.key(.down))
    _ = form.handle(.key(.right))
    _ = form.handle(.key(.right))
    #expect(form["Title"] == "Eggs")
    #expect(form["Flagged"] == "true")
    #expect(form["Priority"] == "High")
    #expect(form["Missing"] == nil)
    let canvas = draw(Form(form), width: 22, height: 3)
    #expect(
      canvas.textSnapshot() == """
           Title  Eggs
         Flagged  [x]
        Priority▸ ‹ High ›
        """)
    #expect(canvas.cursor == nil)
    #expect(form.handle(.key(.enter)) == .submitted)
    _ = form.handle(.key(.tab))
    #expect(form.focus == 0)
    _ = form.handle(.key(.backTab))
    #expect(form.focus == 2)
    _ = form.handle(.key(.up))
    _ = form.handle(.key(.up))
    let focusedField = draw(Form(form), width: 22, height: 3)
    #expect(focusedField.cursor == Point(x: 14, y: 0))
    #expect(form.handle(.key(.enter)) == nil)
    #expect(form.focus == 1)
    #expect(form.handle(.key(.escape)) == .cancelled)
    var empty = FormState([])
    #expect(empty.handle(.key(.tab)) == nil)
    #expect(empty.handle(.key(.escape)) == .cancelled)
  }

  @Test func formTextAreasButtonsHintsAndScrolling() {
    var form = FormState([
      .text("Title", "Milk"),
      .textArea("Notes", "one\ntwo", lines: 2),
      .button("Tags", "#a #b"),
      FormField("Due", .text(TextFieldState("tomorrow")), hint: StyledText("Tue 5 Mar", style: .dim)),
    ])
    _ = form.handle(.key(.tab))
    // In a text area Enter breaks the line, and Up and Down stay inside until its edges.
    #expect(form.handle(.key(.enter)) == nil)
    for event in KeyEvent.typing("three") { _ = form.handle(event) }
    #expect(form["Notes"] == "one\ntwo\nthree")
    _ = form.handle(.key(.up))
    #expect(form.focus == 1)
    _ = form.handle(.key(.down))
    _ = form.handle(.key(.down))
    #expect(form.focus == 2)
    #expect(form.handle(.key(.enter)) == .activated(2))
    #expect(form.handle(.key(KeyPress(" "))) == .activated(2))
    form[2].control = .button("#c")
    #expect(form["Tags"] == "#c")
    let canvas = draw(Form(form), width: 20, height: 6)
    #expect(
      canvas.textSnapshot() == """
        Title  Milk
        Notes  two
               three
         Tags▸ #c
          Due  tomorrow
               Tue 5 Mar
        """)
    #expect(Form(form).height == 6)
    // Too short for every field: the focused one stays in view.
    _ = form.handle(.key(.tab))
    let short = draw(Form(form), width: 20, height: 3)
    #expect(short.textSnapshot() == " Tags  #c\n  Due▸ tomorrow\n       Tue 5 Mar")
    #expect(short.cursor == Point(x: 15, y: 1))
    _ = form.handle(.key(.tab))
    _ = form.handle(.key(.tab))
    let notes = draw(Form(form), width: 20, height: 6)
    #expect(notes.cursor == Point(x: 12, y: 2))
  }

  @Test func pickerKeys() {
    var picker = PickerState(["Today", "Scheduled", "All", "Flagged"])
    #expect(picker.handle(.key(KeyPress("j"))) == nil)
    #expect(picker.highlighted == 1)
    _ = picker.handle(.key(KeyPress("G")))
    #expect(picker.highlighted == 3)
    _ = picker.handle(.key(.down))
    #expect(picker.highlighted == 3)
    _ = picker.handle(.key(KeyPress("a")))
    #expect(picker.highlighted == 2)
    _ = picker.handle(.key(KeyPress("g")))
    #expect(picker.handle(.key(.enter)) == .chosen(0))
    #expect(picker.handle(.key(KeyPress("2"))) == .chosen(1))
    #expect(picker.handle(.key(KeyPress("9"))) == nil)
    #expect(picker.handle(.key(.escape)) == .cancelled)
    var empty = PickerState([])
    #expect(empty.handle(.key(.down)) == nil)
    #expect(empty.handle(.key(KeyPress("x"))) == nil)
    #expect(empty.handle(.key(.enter)) == .cancelled)
  }

  @Test func menuDrawsOverTheScreen() {
    var picker = PickerState(["Today", "All"])
    _ = picker.handle(.key(.down))
    let view = Stack.vertical([.flexible(Fill("·")), .fixed(0, EmptyView())])
    var canvas = draw(view, width: 16, height: 6)
    canvas.render(Menu(title: "Go", picker))
    #expect(
      canvas.textSnapshot() == """
        ················
        ··┌─ Go ────┐···
        ··│ Today   │···
        ··│ All     │···
        ··└─────────┘···
        ················
        """)
    #expect(canvas.styleSnapshot().split(separator: "\n")[3] == "..bsssssssssb...")
  }

  @Test func confirmationDialog() {
    var confirmation = ConfirmationState(title: "Delete", message: "Delete 3 reminders?")
    #expect(confirmation.handle(.key(.enter)) == false)
    #expect(confirmation.handle(.key(.left)) == nil)
    let dialog = draw(confirmation.dialog, width: 30, height: 7)
    #expect(
      dialog.textSnapshot() == """
           ┌─ Delete ────────────┐
           │                     │
           │ Delete 3 reminders? │
           │                     │
           │   [ Yes ]  [ No ]   │
           └─────────────────────┘

        """)
    // Left moved the focus from Cancel to Yes.
    #expect(dialog.styleSnapshot().split(separator: "\n")[4] == "...b...sssssss...........b....")
    #expect(confirmation.handle(.key(.enter)) == true)
    #expect(confirmation.handle(.key(KeyPress("n"))) == false)
    #expect(confirmation.handle(.key(KeyPress("y"))) == true)
    #expect(confirmation.handle(.paste("y")) == nil)
  }

  @Test func dialogLayout() {
    let dialog = Dialog(title: "Saved", message: "All changes were saved.", buttons: ["OK"])
    #expect(
      screen(dialog, width: 32, height: 7) == """
          ┌─ Saved ─────────────────┐
          │                         │
          │ All changes were saved. │
          │                         │
          │         [ OK ]          │
          └─────────────────────────┘

        """)
  }

  @Test func statusMessagesExpireAtTheGivenTime() {
    let start = ContinuousClock.Instant.now
    var messages = StatusMessages()
    messages.post("Saved", style: .success, until: start + .seconds(2))
    messages.post("Syncing…", until: start + .seconds(5))
    #expect(messages.current(at: start)?.text == "Syncing…")
    #expect(messages.current(at: start + .seconds(6)) == nil)
    #expect(messages.nextChange(after: start) == start + .seconds(2))
    messages.removeExpired(at: start + .seconds(3))
    #expect(messages.messages.map(\.text) == ["Syncing…"])

    let plain = draw(StatusLine(leading: "3 reminders", trailing: "? help"), width: 24, height: 1)
    #expect(plain.textSnapshot() == " 3 reminders     ? help")
    #expect(plain.styleSnapshot() == String(repeating: "S", count: 24))
    let withMessage = draw(
      StatusLine(
        leading: "3 reminders", trailing: "? help",
        message: StatusMessage("Saved", style: .success, until: start)),
      width: 24, height: 1)
    #expect(withMessage.textSnapshot() == " Saved           ? help")
    #expect(withMessage.styleSnapshot() == "S+++++" + String(repeating: "S", count: 18))
    let longMessage = draw(
      StatusLine(
        leading: "3 reminders", trailing: "? help",
        message: StatusMessage("Saved the list Family", style: .error, until: start)),
      width: 24, height: 1)
    #expect(longMessage.textSnapshot() == " Saved the list Family")
  }

  @Test func helpOverlayFromAKeymap() {
    let keymap = Keymap<Int>([
      KeyBinding("j", 1, "Next", section: "Move"),
      KeyBinding("down", 1, "Next", section: "Move"),
      KeyBinding("g g", 2, "First", section: "Move"),
      KeyBinding("q", 3, "Quit", section: "App"),
      KeyBinding("x", 4),
    ])
    let text = screen(HelpOverlay(sections: keymap.helpSections()), width: 34, height: 10)
    #expect(
      text == """
          ┌─ Help ────────────────────┐
          │ Move                      │
          │ j, down  Next             │
          │ g g      First            │
          │                           │
          │ App                       │
          │ q        Quit             │
          │                           │
          │ Esc or ? closes this help │
          └───────────────────────────┘
        """)
    let cramped = screen(HelpOverlay(sections: keymap.helpSections()), width: 34, height: 6)
    #expect(cramped.split(separator: "\n")[2].contains("…"))
  }

  @Test func helpFlowsIntoColumnsOrScrolls() {
    let sections = [
      HelpSection(
        title: "Move",
        entries: [
          HelpEntry(keys: ["j"], description: "Next"), HelpEntry(keys: ["k"], description: "Previous"),
        ]),
      HelpSection(title: "App", entries: [HelpEntry(keys: ["q"], description: "Quit")]),
    ]
    // Six lines in one column need ten rows; in eight they go side by side.
    let columns = screen(HelpOverlay(sections: sections), width: 40, height: 8).split(separator: "\n")
    #expect(columns[1] == "     │ Move          App         │")
    #expect(columns[2] == "     │ j  Next       q  Quit     │")
    #expect(columns[3] == "     │ k  Previous               │")
    // Too narrow for columns: one column, scrolled.
    let scrolled = screen(HelpOverlay(sections: sections, footer: "Esc", scroll: 2), width: 20, height: 7)
      .split(separator: "\n").map(String.init)
    #expect(scrolled[1] == "  │ k  Previous │")
    #expect(scrolled[3] == "  │ …           │")
    #expect(HelpOverlay(sections: sections).lineCount == 6)
  }
}
