import CNCursesW

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real terminal, through ncursesw: the alternate screen, raw keys without echo, the keypad,
/// a short Esc delay, bracketed paste, optional mouse, colours by pair with the terminal's
/// default background kept. Frames are drawn by rewriting only changed cells into the window and
/// letting `wnoutrefresh`/`doupdate` send the difference.
@MainActor
public final class CursesTerminal: TerminalBackend {
  public let options: TerminalOptions
  public private(set) var colorDepth: ColorDepth = .monochrome
  public private(set) var size: Size = .zero
  private var previous: Canvas?
  private var pairs = ColorPairCache(capacity: 0)
  private var resolvedStyles: [Style: (attributes: attr_t, pair: Int16)] = [:]
  private var isActive = false
  private var cursorVisible: Bool?

  /// Checks that standard input and output are a terminal; does not touch it yet.
  public init(options: TerminalOptions = TerminalOptions()) throws(TerminalError) {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw .notATerminal }
    self.options = options
  }

  /// Takes the terminal over.
  public func start() throws(TerminalError) {
    guard !isActive else { return }
    TerminalLocale.ensureUTF8()
    TerminalRestoration.saveTerminalState()
    guard let screen = cncurses_newterm_stdio() else {
      throw .cannotInitialize(term: Environment.value("TERM") ?? "")
    }
    // A terminal that cannot move its cursor (`TERM=dumb`, a printing terminal) would show an
    // empty screen: nothing has been drawn yet, so give it back and say so.
    guard Self.canAddressCursor else {
      endwin()
      delscreen(screen)
      throw .cannotAddressCursor(term: Environment.value("TERM") ?? "")
    }
    // Until the screen has been given back once (`endwin`) and taken again, ncurses flushes its
    // output at every cursor movement, as for a program that only moves the cursor: a frame that
    // changes a few places on screen went out as a write for each. One round now, before anything
    // is drawn, makes every frame one write, which the terminal draws at once.
    endwin()
    doupdate()
    isActive = true
    configure()
    TerminalRestoration.prepare(bracketedPaste: options.bracketedPaste, mouse: options.mouse)
    TerminalRestoration.isTerminalModified = true
  }

  /// Whether the terminal's description has cursor addressing (`cup`) and is not a hard copy.
  private static var canAddressCursor: Bool {
    guard let cup = tigetstr("cup"), Int(bitPattern: cup) != -1 else { return false }
    return tigetflag("hc") <= 0
  }

  private func configure() {
    let screen = cncurses_stdscr()
    if options.rawKeys { raw() } else { cbreak() }
    noecho()
    nonl()
    keypad(screen, true)
    nodelay(screen, true)
    intrflush(screen, false)
    set_escdelay(Int32((options.escapeDelay / .milliseconds(1)).rounded()))
    colorDepth = .monochrome
    if has_colors() {
      start_color()
      use_default_colors()
      colorDepth = ColorDepth.detect(colors: Int(cncurses_colors()), environment: Environment.variables)
    }
    pairs = ColorPairCache(capacity: Int(cncurses_color_pairs()))
    resolvedStyles = [:]
    if options.mouse {
      var mask = mmask_t(0)
      for button in 1...5 { mask |= cncurses_button_pressed(Int32(button)) }
      for button in 1...3 { mask |= cncurses_button_released(Int32(button)) }
      mousemask(mask, nil)
      mouseinterval(0)
    }
    size = Size(width: Int(cncurses_cols()), height: Int(cncurses_lines()))
    previous = nil
    cursorVisible = nil
    wclear(screen)
    wnoutrefresh(screen)
    doupdate()
    if options.bracketedPaste { TerminalRestoration.writeToTerminal("\u{1B}[?2004h") }
  }

  /// Gives the terminal back as it was: bracketed paste off, main screen, modes restored.
  public func stop() {
    guard isActive else { return }
    isActive = false
    if options.bracketedPaste { TerminalRestoration.writeToTerminal("\u{1B}[?2004l") }
    endwin()
    TerminalRestoration.isTerminalModified = false
  }

  /// Leaves the screen to the shell or another program (Ctrl-Z, running an editor).
  public func suspend() {
    guard isActive else { return }
    if options.bracketedPaste { TerminalRestoration.writeToTerminal("\u{1B}[?2004l") }
    endwin()
    TerminalRestoration.isTerminalModified = false
  }

  /// Takes the screen back after `suspend`, redrawing it in full on the next frame.
  public func resume() {
    guard isActive else { return }
    TerminalRestoration.saveTerminalState()
    TerminalRestoration.isTerminalModified = true
    refresh()
    if options.bracketedPaste { TerminalRestoration.writeToTerminal("\u{1B}[?2004h") }
    updateSize()
    invalidateScreen()
  }

  /// Reads the window size from the terminal and tells ncurses, after `SIGWINCH`.
  public func updateSize() {
    guard isActive else { return }
    var window = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 {
      resizeterm(Int32(window.ws_row), Int32(window.ws_col))
    }
    size = Size(width: Int(cncurses_cols()), height: Int(cncurses_lines()))
    invalidateScreen()
  }

  public func invalidateScreen() {
    previous = nil
  }

  public func present(_ canvas: Canvas) {
    guard isActive else { return }
    let screen = cncurses_stdscr()
    let diff: CanvasDiff
    if let previous, previous.size == canvas.size {
      diff = CanvasDiff(from: previous, to: canvas)
    } else {
      // ncurses compares with what it believes is on screen; after a resize or resume that
      // belief is stale, so the whole screen is cleared and rewritten.
      clearok(screen, true)
      werase(screen)
      diff = .full(canvas)
    }
    for run in diff.runs { draw(run, of: canvas, on: screen) }
    placeCursor(canvas.cursor, size: canvas.size, on: screen)
    wnoutrefresh(screen)
    doupdate()
    previous = canvas
  }

  private func draw(_ run: CanvasDiff.Run, of canvas: Canvas, on screen: UnsafeMutablePointer<WINDOW>?) {
    var column = run.columns.lowerBound
    while column < run.columns.upperBound {
      let cell = canvas[x: column, y: run.row]
      if cell.isContinuation {
        column += 1
        continue
      }
      let style = resolved(cell.style)
      var glyph = CursesGlyph(cell.grapheme)
      if glyph.width > Int(cell.width) || column + glyph.width > canvas.size.width {
        glyph = CursesGlyph(scalars: [0x20], width: 1)
      }
      put(glyph, x: column, y: run.row, style: style, on: screen)
      // A cluster ncurses counts narrower than the canvas does is padded with spaces.
      for pad in glyph.width..<Int(max(cell.width, 1)) {
        put(CursesGlyph(scalars: [0x20], width: 1), x: column + pad, y: run.row, style: style, on: screen)
      }
      column += Int(max(cell.width, 1))
    }
  }

  private func put(
    _ glyph: CursesGlyph, x: Int, y: Int, style: (attributes: attr_t, pair: Int16),
    on screen: UnsafeMutablePointer<WINDOW>?
  ) {
    var characters = glyph.scalars.map { wchar_t(bitPattern: $0) }
    characters.append(0)
    var cell = cchar_t()
    _ = characters.withUnsafeBufferPointer { buffer in
      cncurses_setcchar(&cell, buffer.baseAddress, style.attributes, style.pair)
    }
    // Writing the bottom-right cell reports an error because the cursor cannot move past it,
    // yet the cell is drawn; the result is therefore not checked.
    _ = mvwadd_wch(screen, Int32(y), Int32(x), &cell)
  }

  private func resolved(_ style: Style) -> (attributes: attr_t, pair: Int16) {
    if let cached = resolvedStyles[style] { return cached }
    let terminalStyle = options.theme.resolve(style, depth: colorDepth)
    let pair = pairs.pair(foreground: terminalStyle.foreground, background: terminalStyle.background) {
      pair, foreground, background in
      init_pair(pair, foreground, background) != ERR
    }
    let result = (attributes: terminalStyle.attributes.cursesAttributes, pair: pair)
    resolvedStyles[style] = result
    return result
  }

  private func placeCursor(_ cursor: Point?, size: Size, on screen: UnsafeMutablePointer<WINDOW>?) {
    let visible = cursor.map { Rect(size: size).contains($0) } ?? false
    if visible != cursorVisible {
      curs_set(visible ? 1 : 0)
      cursorVisible = visible
    }
    if let cursor, visible {
      wmove(screen, Int32(cursor.y), Int32(cursor.x))
    }
  }

  public func readInput() -> [RawInput] {
    guard isActive else { return [] }
    let screen = cncurses_stdscr()
    var input: [RawInput] = []
    while true {
      var character: wint_t = 0
      let result = wget_wch(screen, &character)
      if result == ERR { break }
      if result == cncurses_key_code_yes() {
        let code = Int32(bitPattern: character)
        if code == cncurses_key_mouse() {
          var event = MEVENT()
          if getmouse(&event) == OK,
            let mouse = MouseEvent.fromCurses(state: event.bstate, x: event.x, y: event.y)
          {
            input.append(.mouse(mouse))
          }
        } else if code > KEY_MAX, let name = keyname(code) {
          input.append(.namedKey(String(cString: name)))
        } else {
          input.append(.keyCode(code))
        }
      } else {
        input.append(.character(character))
      }
    }
    return input
  }
}
