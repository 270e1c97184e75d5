import CNCursesW

extension MouseEvent {
  /// The event for a curses mouse report, or nil for reports the toolkit does not use (motion,
  /// double clicks).
  static func fromCurses(state: mmask_t, x: Int32, y: Int32) -> MouseEvent? {
    let position = Point(x: Int(x), y: Int(y))
    var modifiers: KeyModifiers = []
    if state & cncurses_button_shift() != 0 { modifiers.insert(.shift) }
    if state & cncurses_button_ctrl() != 0 { modifiers.insert(.control) }
    if state & cncurses_button_alt() != 0 { modifiers.insert(.alt) }
    if state & cncurses_button_pressed(4) != 0 {
      return MouseEvent(.wheelUp, at: position, modifiers: modifiers)
    }
    if state & cncurses_button_pressed(5) != 0 {
      return MouseEvent(.wheelDown, at: position, modifiers: modifiers)
    }
    for button in 1...3 {
      if state & cncurses_button_clicked(Int32(button)) != 0 {
        return MouseEvent(.click(button: button), at: position, modifiers: modifiers)
      }
      if state & cncurses_button_pressed(Int32(button)) != 0 {
        return MouseEvent(.press(button: button), at: position, modifiers: modifiers)
      }
      if state & cncurses_button_released(Int32(button)) != 0 {
        return MouseEvent(.release(button: button), at: position, modifiers: modifiers)
      }
    }
    return nil
  }
}
