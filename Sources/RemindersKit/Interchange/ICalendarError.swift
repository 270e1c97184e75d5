/// Why an iCalendar text could not be imported: the line (counting from 1, the physical line a
/// folded property starts on) and what is wrong there.
public struct ICalendarError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Nil when the problem is the text as a whole (it is empty, or ends inside a component).
  public let line: Int?
  public let message: String

  public init(line: Int?, message: String) {
    self.line = line
    self.message = message
  }

  public var description: String {
    if let line { return "iCalendar line \(line): \(message)." }
    return "iCalendar: \(message)."
  }
}
