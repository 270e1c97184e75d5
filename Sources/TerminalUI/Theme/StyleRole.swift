/// What a piece of the screen means. Views speak in roles; a `Theme` decides what each role
/// looks like on a given terminal.
public enum StyleRole: Hashable, Sendable, CaseIterable {
  case normal
  case dim
  case accent
  case selection
  case title
  case border
  case error
  case warning
  case success
  case statusBar
  case highlight
}
