/// Why a due date could not be read: which part of the input, what is wrong with it, and examples
/// of what works. `description` is a complete sentence for a status line or stderr.
public struct DueDateParseError: Error, Hashable, Sendable, CustomStringConvertible {
  public enum Reason: Hashable, Sendable {
    /// Nothing but spaces.
    case empty
    /// Words that are no date or time.
    case notUnderstood
    /// A date that does not exist (`feb 30`, `2026-13-01`) or cannot be reached.
    case invalidDate
    /// A time that does not exist (`25:00`, `13pm`).
    case invalidTime
    /// Two dates, two times, or an offset (`in 3h`) with a date or time.
    case conflicting
  }

  public let reason: Reason
  /// The whole input.
  public let input: String
  /// The part of the input at fault (empty when the input is).
  public let fragment: String
  /// What is wrong, as a sentence without the examples: `“blah” is not a date or time this app reads`.
  public let message: String

  /// Phrases that work, shown with every error.
  public static let examples = DueDateVocabulary.examples

  public init(reason: Reason, input: String, fragment: String, message: String) {
    self.reason = reason
    self.input = input
    self.fragment = fragment
    self.message = message
  }

  public var description: String {
    "\(message). Try, for example: \(Self.examples.joined(separator: ", "))."
  }
}
