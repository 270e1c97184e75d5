import Foundation

/// Why an archive could not be read or is inconsistent: where (`reminders[3].dueDate`, empty for
/// the document as a whole) and what.
public struct RemindersArchiveError: Error, Hashable, Sendable, CustomStringConvertible {
  public let path: String
  public let message: String

  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  /// `reminders[2].dueDate: “soon” is not a date (…).`
  public var description: String {
    path.isEmpty ? "\(message)." : "\(path): \(message)."
  }

  /// `reminders[3].dueDate` for a coding path.
  static func path(_ codingPath: [any CodingKey]) -> String {
    var path = ""
    for key in codingPath {
      if let index = key.intValue {
        path += "[\(index)]"
      } else {
        path += path.isEmpty ? key.stringValue : "." + key.stringValue
      }
    }
    return path
  }

  /// A decoding error in words: what was expected, and where.
  init(_ error: DecodingError) {
    switch error {
    case .keyNotFound(let key, let context):
      self.init(path: Self.path(context.codingPath), message: "the key “\(key.stringValue)” is missing")
    case .valueNotFound(let type, let context):
      self.init(path: Self.path(context.codingPath), message: "null where \(Self.name(of: type)) is needed")
    case .typeMismatch(let type, let context):
      self.init(path: Self.path(context.codingPath), message: "expected \(Self.name(of: type))")
    case .dataCorrupted(let context):
      self.init(path: Self.path(context.codingPath), message: context.debugDescription)
    @unknown default:
      self.init(path: "", message: "could not be read: \(error)")
    }
  }

  /// Where JSON text goes wrong, as line and column: the decoder only says that it does.
  static func syntax(of data: Data) -> RemindersArchiveError {
    var detail = "it ends too early or has a stray character"
    do {
      _ = try JSONSerialization.jsonObject(with: data)
    } catch {
      let description = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
      if let range = description.range(of: "character "),
        let offset = Int(description[range.upperBound...].prefix(while: \.isNumber))
      {
        let before = data.prefix(offset)
        let line = before.count(where: { $0 == UInt8(ascii: "\n") }) + 1
        let column = before.count - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
        detail = "unexpected text at line \(line), column \(column)"
      } else if description.contains("end of file") {
        detail = "it ends too early"
      }
      if description.localizedCaseInsensitiveContains("nested") {
        detail = "it is nested too deeply (an archive is an object of arrays of objects)"
      }
    }
    return RemindersArchiveError(path: "", message: "not valid JSON: \(detail)")
  }

  private static func name(of type: Any.Type) -> String {
    switch type {
    case is String.Type: return "a string"
    case is Int.Type: return "a whole number"
    case is Bool.Type: return "true or false"
    case is [Any].Type: return "an array"
    default:
      let name = String(describing: type)
      if name.hasPrefix("Array") { return "an array" }
      if name.hasPrefix("Dictionary") || name.hasPrefix("KeyedDecodingContainer") { return "an object" }
      return "a \(name)"
    }
  }
}
