import Foundation
import RemindersKit
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// Where commands write: results on standard output, problems on standard error. Both are made
/// safe for a terminal: results are `ConsoleText`, whose values are escaped where they are
/// interpolated; messages have every control character but the line break escaped.
enum Console {
  static func print(_ text: ConsoleText) {
    StandardOutput.shared.write(text.rendered + "\n")
  }

  /// Text the program made itself (a help, JSON), as it is.
  static func printVerbatim(_ text: String) {
    StandardOutput.shared.write(text + "\n")
  }

  /// Bytes as they are (an export).
  static func write(_ data: Data) {
    StandardOutput.shared.write(bytes: Array(data))
  }

  /// Writes what is left of the output, and says so when any of it could not be written: a
  /// command whose results were lost must not end as if it succeeded.
  static func finishOutput() throws(CommandError) {
    do {
      try StandardOutput.shared.finish()
    } catch {
      throw CommandError.failure("cannot write standard output: \(error)")
    }
  }

  static func error(_ text: String) {
    let safe = text.split(separator: "\n", omittingEmptySubsequences: false)
      .map(\.sanitizedForTerminal).joined(separator: "\n")
    prompt(safe.hasSuffix("\n") ? safe : safe + "\n")
  }

  /// Writes the program's own text to standard error as it is (a question, with no line break).
  /// Standard error that cannot be written (closed, a full disk) has nowhere to say so: the text
  /// is dropped, and the command ends as it would have.
  static func prompt(_ text: String) {
    var text = text
    text.withUTF8 { bytes in try? OutputFile.write(UnsafeRawBufferPointer(bytes), to: STDERR_FILENO) }
  }

  /// Whether output may carry terminal styles: standard output is a terminal that is not `dumb`
  /// (one that shows the codes as they are), and `NO_COLOR` is not set.
  static let isStyled: Bool = {
    let environment = ProcessInfo.processInfo.environment
    return isatty(STDOUT_FILENO) == 1 && environment["TERM"] != "dumb"
      && environment["NO_COLOR"].map(\.isEmpty) ?? true
  }()

  /// `text` in bold when output is styled.
  static func bold(_ text: ConsoleText) -> ConsoleText { .styled(text, sgr: "1", "22") }

  /// `text` in red when output is styled.
  static func red(_ text: ConsoleText) -> ConsoleText { .styled(text, sgr: "31", "39") }

  /// `text` dimmed when output is styled.
  static func dim(_ text: ConsoleText) -> ConsoleText { .styled(text, sgr: "2", "22") }

  /// Pretty-printed JSON with sorted keys, the form every `--json` output takes. Control
  /// characters are escaped (``TerminalSafeJSON``), so values stay exact and the terminal safe.
  static func printJSON(_ value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let json = String(decoding: TerminalSafeJSON.escaping(try encoder.encode(value)), as: UTF8.self)
    // Foundation writes an empty array as `[`, a blank line and `]`; a line break is never raw
    // inside a JSON string, so the pattern matches nothing else.
    printVerbatim(json.replacing(/\[\n\s*\n\s*\]/, with: "[]"))
  }
}
