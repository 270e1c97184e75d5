import CNCursesW

extension TextAttributes {
  /// The curses attribute bits for these attributes.
  var cursesAttributes: attr_t {
    var bits = cncurses_a_normal()
    if contains(.bold) { bits |= cncurses_a_bold() }
    if contains(.dim) { bits |= cncurses_a_dim() }
    if contains(.underline) { bits |= cncurses_a_underline() }
    if contains(.reverse) { bits |= cncurses_a_reverse() }
    if contains(.italic) { bits |= cncurses_a_italic() }
    if contains(.standout) { bits |= cncurses_a_standout() }
    return bits
  }
}
