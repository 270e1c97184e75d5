import Foundation

/// One SQLite value, in one of its five storage classes.
public enum DatabaseValue: Hashable, Sendable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob(Data)

  /// The storage class name as SQLite spells it: `NULL`, `INTEGER`, `REAL`, `TEXT`, `BLOB`.
  public var storageClass: String {
    switch self {
    case .null: "NULL"
    case .integer: "INTEGER"
    case .real: "REAL"
    case .text: "TEXT"
    case .blob: "BLOB"
    }
  }

  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }
}

extension DatabaseValue: CustomStringConvertible {
  /// The value as a SQL literal: `NULL`, `42`, `1.5`, `'it''s'`, `X'00ff'`.
  public var description: String {
    switch self {
    case .null: return "NULL"
    case .integer(let value): return String(value)
    case .real(let value): return String(value)
    case .text(let value): return "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
    case .blob(let data):
      return "X'" + data.map { String(format: "%02x", $0) }.joined() + "'"
    }
  }
}

extension DatabaseValue: ExpressibleByNilLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral
{
  public init(nilLiteral: ()) { self = .null }
  public init(integerLiteral value: Int64) { self = .integer(value) }
  public init(floatLiteral value: Double) { self = .real(value) }
  public init(stringLiteral value: String) { self = .text(value) }
  public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}
