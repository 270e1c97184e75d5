#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <spawn.h>

// Globals and function-like macros of curses.h, which Swift cannot import directly.
static inline WINDOW *cncurses_stdscr(void) { return stdscr; }
static inline int cncurses_cols(void) { return COLS; }
static inline int cncurses_lines(void) { return LINES; }
static inline int cncurses_colors(void) { return COLORS; }
static inline int cncurses_color_pairs(void) { return COLOR_PAIRS; }
static inline int cncurses_escdelay(void) { return ESCDELAY; }

static inline attr_t cncurses_a_normal(void) { return A_NORMAL; }
static inline attr_t cncurses_a_bold(void) { return A_BOLD; }
static inline attr_t cncurses_a_dim(void) { return A_DIM; }
static inline attr_t cncurses_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cncurses_a_reverse(void) { return A_REVERSE; }
static inline attr_t cncurses_a_italic(void) { return A_ITALIC; }
static inline attr_t cncurses_a_standout(void) { return A_STANDOUT; }
static inline attr_t cncurses_color_pair(int pair) { return (attr_t)COLOR_PAIR(pair); }

static inline int cncurses_key_code_yes(void) { return KEY_CODE_YES; }
static inline int cncurses_key_resize(void) { return KEY_RESIZE; }
static inline int cncurses_key_mouse(void) { return KEY_MOUSE; }
static inline int cncurses_key_f(int n) { return KEY_F(n); }
static inline mmask_t cncurses_all_mouse_events(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }

// Starts curses on the standard streams (which Swift sees as shared mutable globals).
static inline SCREEN *cncurses_newterm_stdio(void) { return newterm((char *)0, stdout, stdin); }

// Column width of one character in the LC_CTYPE locale. glibc only declares wcwidth for X/Open
// builds, so it is declared here for the shim's own use.
extern int wcwidth(wchar_t character);
static inline int cncurses_wcwidth(unsigned int character) { return wcwidth((wchar_t)character); }

// Mouse button masks (computed by function-like macros in curses.h).
static inline mmask_t cncurses_button_pressed(int button) {
  switch (button) {
  case 1: return BUTTON1_PRESSED;
  case 2: return BUTTON2_PRESSED;
  case 3: return BUTTON3_PRESSED;
  case 4: return BUTTON4_PRESSED;
  case 5: return BUTTON5_PRESSED;
  default: return 0;
  }
}
static inline mmask_t cncurses_button_clicked(int button) {
  switch (button) {
  case 1: return BUTTON1_CLICKED;
  case 2: return BUTTON2_CLICKED;
  case 3: return BUTTON3_CLICKED;
  default: return 0;
  }
}
static inline mmask_t cncurses_button_released(int button) {
  switch (button) {
  case 1: return BUTTON1_RELEASED;
  case 2: return BUTTON2_RELEASED;
  case 3: return BUTTON3_RELEASED;
  default: return 0;
  }
}

static inline mmask_t cncurses_button_shift(void) { return BUTTON_SHIFT; }
static inline mmask_t cncurses_button_ctrl(void) { return BUTTON_CTRL; }
static inline mmask_t cncurses_button_alt(void) { return BUTTON_ALT; }

// Builds a cchar_t from one grapheme (a base character plus combining marks) and a style.
static inline int cncurses_setcchar(cchar_t *out, const wchar_t *text, attr_t attributes, short pair) {
  return setcchar(out, text, attributes, pair, (void *)0);
}

// The terminal toolkit starts programs (an editor, tmux in tests) with only their standard
// descriptors. glibc (2.34 and later) declares this only for _GNU_SOURCE, which Swift's Glibc
// module is built without.
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);

#endif
