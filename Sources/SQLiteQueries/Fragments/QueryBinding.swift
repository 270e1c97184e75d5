import Foundation
import SQLiteEngine

/// A value bound to a statement parameter.
public enum QueryBinding: Hashable, Sendable {
  case blob([UInt8])
  case bool(Bool)
  case double(Double)
  case date(Date)
  case int(Int64)
  case null
  case text(String)
  /// JSON text: bound as the compact text, shown indented in a query's display form, as
  /// upstream shows it.
  case json(String)
  case uint(UInt64)
  case uuid(UUID)
  /// A value that could not be turned into a binding; executing the statement throws the error.
  case invalid(QueryBindingError)

  /// The value as SQLite stores it: dates as UTC text, UUIDs as lowercase text, Bool as 0/1.
  public func databaseValue() throws -> DatabaseValue {
    switch self {
    case .blob(let bytes): return .blob(Data(bytes))
    case .bool(let value): return .integer(value ? 1 : 0)
    case .double(let value): return .real(value)
    case .date(let date): return .text(DatabaseDateFormat.string(from: date))
    case .int(let value): return .integer(value)
    case .null: return .null
    case .text(let text), .json(let text): return .text(text)
    case .uint(let value):
      guard let value = Int64(exactly: value) else {
        throw QueryBindingError(message: "UInt64 value \(value) is larger than the largest SQLite integer")
      }
      return .integer(value)
    case .uuid(let uuid): return .text(UUIDText.string(from: uuid))
    case .invalid(let error): throw error
    }
  }

  /// Binds the value to a statement's parameter, stored as `databaseValue()` says, with no
  /// intermediate value.
  public func bind(to statement: SQLiteStatement, at index: Int32) throws {
    switch self {
    case .blob(let bytes): try bytes.bind(to: statement, at: index)
    case .bool(let value): try value.bind(to: statement, at: index)
    case .double(let value): try value.bind(to: statement, at: index)
    case .date(let date): try date.bind(to: statement, at: index)
    case .int(let value): try value.bind(to: statement, at: index)
    case .null: try DatabaseValue.null.bind(to: statement, at: index)
    case .text(let text), .json(let text): try text.bind(to: statement, at: index)
    case .uuid(let uuid): try uuid.bind(to: statement, at: index)
    case .uint, .invalid: try databaseValue().bind(to: statement, at: index)
    }
  }

  /// The value as a SQL literal that reads back the same value: `'it''s'`, `X'CAFE'`, `1`,
  /// `NULL`. Written into statements that cannot take parameters (triggers, views).
  public var literal: String {
    switch self {
    case .blob(let bytes): return DatabaseValue.blob(Data(bytes)).description
    case .json(let text): return DatabaseValue.text(text).description
    default: return displayLiteral
    }
  }

  /// The value as shown in a query's display form, as upstream's debug builds show it: JSON
  /// indented, and a blob's bytes read as UTF-8 text with Swift's escapes (`'\u{07AD}'`), which
  /// is readable but lossy, so it is never executed.
  public var displayLiteral: String {
    switch self {
    case .blob(let bytes):
      let text = String(decoding: bytes, as: UTF8.self).debugDescription.dropFirst().dropLast()
      return DatabaseValue.text(String(text)).description
    case .bool(let value): return value ? "1" : "0"
    case .double(let value): return "\(value)"
    case .date(let date): return DatabaseValue.text(DatabaseDateFormat.string(from: date)).description
    case .int(let value): return "\(value)"
    case .null: return "NULL"
    case .text(let text): return DatabaseValue.text(text).description
    case .json(let text): return DatabaseValue.text(JSONIndentation.indented(text)).description
    case .uint(let value): return "\(value)"
    case .uuid(let uuid): return DatabaseValue.text(UUIDText.string(from: uuid)).description
    case .invalid(let error): return "<invalid: \(error.message)>"
    }
  }
}

/// JSON text laid out one member or element per line, two spaces deep, `"key" : value`, as
/// Foundation's pretty printer lays it out.
enum JSONIndentation {
  static func indented(_ compact: String) -> String {
    var result = ""
    var depth = 0
    var inString = false
    var escaped = false
    var characters = Array(compact).makeIterator()
    var pending = characters.next()
    func newline() { result += "\n" + String(repeating: "  ", count: depth) }
    while let character = pending {
      pending = characters.next()
      if inString {
        result.append(character)
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
        }
        continue
      }
      switch character {
      case "\"":
        inString = true
        result.append(character)
      case "[", "{":
        result.append(character)
        if let close = pending, close == "]" || close == "}" {
          // An empty array or object keeps an empty line, as Foundation's pretty printer writes it.
          result += "\n"
          newline()
          result.append(close)
          pending = characters.next()
        } else {
          depth += 1
          newline()
        }
      case "]", "}":
        depth -= 1
        newline()
        result.append(character)
      case ",":
        result.append(character)
        newline()
      case ":":
        result += " : "
      default:
        result.append(character)
      }
    }
    return result
  }
}

/// Why a value could not be bound.
public struct QueryBindingError: Error, Hashable, Sendable, CustomStringConvertible {
  public let message: String
  public init(message: String) { self.message = message }
  public var description: String { message }
}
