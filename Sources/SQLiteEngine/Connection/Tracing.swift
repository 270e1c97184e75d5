import CSQLite
import Foundation

extension Database {
  /// What to trace.
  public struct TracingOptions: OptionSet, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Each statement as it starts, including statements run by triggers.
    public static let statement = TracingOptions(rawValue: Int32(SQLITE_TRACE_STMT))
    /// Each statement as it ends, with how long it took.
    public static let profile = TracingOptions(rawValue: Int32(SQLITE_TRACE_PROFILE))
  }

  /// One traced statement.
  public struct TraceEvent: CustomStringConvertible, Sendable {
    /// The SQL with its parameters, as prepared.
    public let sql: String
    /// The SQL with its current bindings written in.
    public let expandedSQL: String
    /// How long the statement ran, for `.profile` events.
    public let duration: TimeInterval?

    /// `SELECT * FROM items WHERE id = ?`, preceded by the duration for profile events
    /// (`0.001s SELECT …`).
    public var description: String { Self.prefix(duration) + sql }
    /// The same with bindings written in: `SELECT * FROM items WHERE id = 1`.
    public var expandedDescription: String { Self.prefix(duration) + expandedSQL }

    private static func prefix(_ duration: TimeInterval?) -> String {
      duration.map { String(format: "%.3fs ", $0) } ?? ""
    }
  }

  /// Calls `handler` for each statement this connection runs; `trace(options: [])` stops.
  public func trace(options: TracingOptions = .statement, _ handler: ((TraceEvent) -> Void)? = nil) {
    guard let handler, !options.isEmpty else {
      traceHandler = nil
      sqlite3_trace_v2(sqliteConnection, 0, nil, nil)
      return
    }
    traceHandler = handler
    let context = Unmanaged.passUnretained(self).toOpaque()
    sqlite3_trace_v2(
      sqliteConnection, UInt32(options.rawValue),
      { kind, context, statementPointer, detail -> Int32 in
        guard let context, let statementPointer else { return 0 }
        let database = Unmanaged<Database>.fromOpaque(context).takeUnretainedValue()
        let statement = OpaquePointer(statementPointer)
        var duration: TimeInterval?
        if kind == UInt32(SQLITE_TRACE_PROFILE), let detail {
          duration = TimeInterval(detail.assumingMemoryBound(to: Int64.self).pointee) / 1e9
        }
        var sql = sqlite3_sql(statement).map { String(cString: $0) } ?? ""
        // Statements run by triggers arrive as `-- TRIGGER name` comments in the detail.
        if kind == UInt32(SQLITE_TRACE_STMT), let detail {
          let text = String(cString: detail.assumingMemoryBound(to: CChar.self))
          if text.hasPrefix("--") { sql = text }
        }
        let expanded = sqlite3_expanded_sql(statement).map { text in
          defer { sqlite3_free(text) }
          return String(cString: text)
        }
        database.traceHandler?(TraceEvent(sql: sql, expandedSQL: expanded ?? sql, duration: duration))
        return 0
      }, context)
  }
}
