@_exported import SQLiteEngine
@_exported import SQLiteQueries
