import Foundation

/// JSON text that is safe to show on a terminal as it is: JSON escapes C0 controls itself, but
/// writes C1 controls (U+0080–U+009F, which some terminals obey as escape sequences) and the
/// bidirectional overrides (which reorder what is shown) as they are. Those are written as
/// `\uXXXX` escapes instead, which every JSON reader turns back into the same text.
public enum TerminalSafeJSON {
  public static func escaping(_ json: Data) -> Data {
    let text = String(decoding: json, as: UTF8.self)
    guard text.unicodeScalars.contains(where: \.isUnsafeInExportedText) else { return json }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar.isUnsafeInExportedText {
        let hex = String(scalar.value, radix: 16)
        result.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return Data(String(result).utf8)
  }

}

extension Unicode.Scalar {
  /// What exported text must not carry raw, lest a terminal showing the file obey it: C1 controls
  /// and the bidirectional embeddings, overrides and isolates. (C0 controls are escaped by JSON
  /// itself, and refused in iCalendar text.)
  var isUnsafeInExportedText: Bool {
    switch value {
    case 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
