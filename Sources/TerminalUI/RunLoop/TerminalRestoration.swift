import CNCursesW

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What it takes to give the terminal back from inside a signal handler, where ncurses and most of
/// the C library may not be called: the terminal modes saved before curses changed them, and the
/// escape sequences that leave the alternate screen and keypad mode, show the cursor and turn off
/// bracketed paste and mouse reporting, prepared in advance in memory that is never freed.
enum TerminalRestoration {
  private struct SavedState {
    var modes = termios()
    var hasModes = false
    var isModified = false
    var sequenceLength = 0
  }

  private static let sequenceCapacity = 512
  nonisolated(unsafe) private static let saved: UnsafeMutablePointer<SavedState> = {
    let pointer = UnsafeMutablePointer<SavedState>.allocate(capacity: 1)
    pointer.initialize(to: SavedState())
    return pointer
  }()
  nonisolated(unsafe) private static let sequence: UnsafeMutablePointer<UInt8> = {
    let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: sequenceCapacity)
    pointer.initialize(repeating: 0, count: sequenceCapacity)
    return pointer
  }()

  /// True while the terminal is in the program's modes and needs restoring.
  static var isTerminalModified: Bool {
    get { saved.pointee.isModified }
    set { saved.pointee.isModified = newValue }
  }

  /// Saves the terminal's modes as the shell left them.
  static func saveTerminalState() {
    var modes = termios()
    if tcgetattr(STDIN_FILENO, &modes) == 0 {
      saved.pointee.modes = modes
      saved.pointee.hasModes = true
    }
  }

  /// Prepares the restoring sequence once curses has loaded the terminal's description.
  static func prepare(bracketedPaste: Bool, mouse: Bool) {
    var bytes: [UInt8] = []
    if mouse { bytes += Array("\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l".utf8) }
    if bracketedPaste { bytes += Array("\u{1B}[?2004l".utf8) }
    bytes += Array("\u{1B}[0m".utf8)
    // The keypad mode curses switched on (`smkx`) changes what the arrow keys send: the shell
    // after a crash needs it off (`rmkx`) as much as it needs the cursor and the main screen.
    for capability in ["rmkx", "cnorm", "rmcup"] {
      bytes += terminfoString(capability)
    }
    bytes += Array("\r\n".utf8)
    let length = min(bytes.count, sequenceCapacity)
    for index in 0..<length { sequence[index] = bytes[index] }
    saved.pointee.sequenceLength = length
  }

  /// Restores the terminal using only async-signal-safe calls (`write`, `tcsetattr`).
  static func restoreFromSignalHandler() {
    let state = saved.pointee
    guard state.isModified else { return }
    saved.pointee.isModified = false
    var written = 0
    while written < state.sequenceLength {
      let result = write(STDOUT_FILENO, sequence + written, state.sequenceLength - written)
      if result <= 0 { break }
      written += result
    }
    if state.hasModes {
      var modes = state.modes
      tcsetattr(STDIN_FILENO, TCSANOW, &modes)
    }
  }

  /// Writes bytes straight to the terminal (for modes ncurses does not manage).
  static func writeToTerminal(_ text: String) {
    let bytes = Array(text.utf8)
    bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var written = 0
      while written < buffer.count {
        let result = write(STDOUT_FILENO, base + written, buffer.count - written)
        if result <= 0 { break }
        written += result
      }
    }
  }

  private static func terminfoString(_ capability: String) -> [UInt8] {
    guard let value = tigetstr(capability), Int(bitPattern: value) != -1 else { return [] }
    return Array(String(cString: value).utf8)
  }
}
