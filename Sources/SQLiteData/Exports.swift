@_exported import SQLiteDataSync
@_exported import SQLiteEngine
@_exported import SQLiteQueries

/// `Statement` is the query builder's statement protocol, as the seeds write it
/// (`some Statement<Bool?>`); the connection's prepared statement is `SQLiteEngine.Statement`.
public typealias Statement = SQLiteQueries.Statement
