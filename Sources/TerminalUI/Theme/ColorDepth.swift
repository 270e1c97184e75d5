/// How many colours the terminal can show, which decides how a theme is drawn.
public enum ColorDepth: Hashable, Sendable, Comparable {
  case monochrome
  case eight
  case sixteen
  case indexed256

  /// The depth for a terminal reporting `colors` colours, or monochrome when the user asked for
  /// no colour (`NO_COLOR` set to anything non-empty, see no-color.org).
  public static func detect(colors: Int, environment: [String: String]) -> ColorDepth {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
    switch colors {
    case 256...: return .indexed256
    case 16...: return .sixteen
    case 8...: return .eight
    default: return .monochrome
    }
  }
}
