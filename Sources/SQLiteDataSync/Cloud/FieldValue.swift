import Foundation
import SQLiteEngine

/// A column value on its way to or from the server, keeping SQLite's storage class.
public struct FieldValue: Hashable, Sendable {
  public var databaseValue: DatabaseValue
  public init(_ databaseValue: DatabaseValue) { self.databaseValue = databaseValue }

  /// A total order on values, used only to break ties between equal stamps, so that every
  /// replica picks the same winner: by storage class, then by value.
  static func tieBreakPrecedes(_ lhs: FieldValue, _ rhs: FieldValue) -> Bool {
    switch (lhs.databaseValue, rhs.databaseValue) {
    case (.integer(let a), .integer(let b)): return a < b
    case (.real(let a), .real(let b)): return a < b
    case (.text(let a), .text(let b)): return Array(a.utf8).lexicographicallyPrecedes(b.utf8)
    case (.blob(let a), .blob(let b)): return a.lexicographicallyPrecedes(b)
    case (let a, let b): return Self.rank(a) < Self.rank(b)
    }
  }

  private static func rank(_ value: DatabaseValue) -> Int {
    switch value {
    case .null: 0
    case .integer: 1
    case .real: 2
    case .text: 3
    case .blob: 4
    }
  }
}
