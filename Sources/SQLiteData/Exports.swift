@_exported import SQLiteDataSync
@_exported import SQLiteEngine
@_exported import SQLiteQueries
