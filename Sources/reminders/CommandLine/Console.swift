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

  /// A help text, as it is.
  static func printHelp(_ text: String) {
    StandardOutput.shared.write(text + "\n")
  }

  /// Bytes as they are (an export).
  static func write(_ data: Data) {
    StandardOutput.shared.write(bytes: data)
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
    write(collapsingEmptyArrays(TerminalSafeJSON.escaping(try encoder.encode(value))) + Data("\n".utf8))
  }

  /// Pretty-printed JSON with every empty array written `[]`: Foundation writes `[`, a blank line
  /// and `]`. A line break is never raw inside a JSON string, so a `[` followed by nothing but
  /// spaces and two line breaks before its `]` is always an empty array.
  private static func collapsingEmptyArrays(_ json: Data) -> Data {
    let bytes = [UInt8](json)
    var result = [UInt8]()
    result.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      result.append(byte)
      guard byte == UInt8(ascii: "[") else { continue }
      var end = index
      var lineBreaks = 0
      while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\n") {
        if bytes[end] == UInt8(ascii: "\n") { lineBreaks += 1 }
        end += 1
      }
      if lineBreaks == 2, end < bytes.count, bytes[end] == UInt8(ascii: "]") { index = end }
    }
    return Data(result)
  }
}
