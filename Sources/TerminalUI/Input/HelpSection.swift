/// A titled group of key descriptions, for the help overlay.
public struct HelpSection: Hashable, Sendable {
  public var title: String
  public var entries: [HelpEntry]

  public init(title: String, entries: [HelpEntry]) {
    self.title = title
    self.entries = entries
  }
}

/// The keys that do one thing, and what that is.
public struct HelpEntry: Hashable, Sendable {
  public var keys: [String]
  public var description: String

  public init(keys: [String], description: String) {
    self.keys = keys
    self.description = description
  }
}
