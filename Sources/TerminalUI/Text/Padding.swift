/// Where text sits within a wider space.
public enum HorizontalAlignment: Sendable, Hashable {
  case leading, center, trailing
}

extension StringProtocol {
  /// The text made exactly `width` columns wide: truncated with an ellipsis when too long,
  /// padded with spaces when too short.
  public func padded(toWidth width: Int, alignment: HorizontalAlignment = .leading) -> String {
    guard width > 0 else { return "" }
    let fitted = truncated(toWidth: width)
    let spare = width - fitted.terminalWidth
    guard spare > 0 else { return fitted }
    switch alignment {
    case .leading:
      return fitted + String(repeating: " ", count: spare)
    case .trailing:
      return String(repeating: " ", count: spare) + fitted
    case .center:
      let before = spare / 2
      return String(repeating: " ", count: before) + fitted
        + String(repeating: " ", count: spare - before)
    }
  }
}
