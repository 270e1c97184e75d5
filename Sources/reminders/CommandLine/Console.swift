import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Where commands write: results on standard output, problems on standard error.
enum Console {
  static func print(_ text: String) {
    Swift.print(text)
  }

  static func error(_ text: String) {
    FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
  }

  /// Whether output may carry terminal styles: standard output is a terminal and `NO_COLOR` is
  /// not set.
  static let isStyled: Bool = {
    isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
  }()

  /// `text` in bold when output is styled.
  static func bold(_ text: some StringProtocol) -> String {
    isStyled ? "\u{1B}[1m\(text)\u{1B}[22m" : String(text)
  }

  /// `text` in red when output is styled.
  static func red(_ text: some StringProtocol) -> String {
    isStyled ? "\u{1B}[31m\(text)\u{1B}[39m" : String(text)
  }

  /// `text` dimmed when output is styled.
  static func dim(_ text: some StringProtocol) -> String {
    isStyled ? "\u{1B}[2m\(text)\u{1B}[22m" : String(text)
  }

  /// Pretty-printed JSON with sorted keys, the form every `--json` output takes.
  static func printJSON(_ value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = try encoder.encode(value)
    Swift.print(String(decoding: data, as: UTF8.self))
  }
}
