import CSQLiteBaseline

// Swift owners of the C baseline's handles: they check result codes and release in `deinit`, so a
// workload's C state goes away with the workload.

/// A C baseline function returned a SQLite error code.
struct BaselineError: Error, CustomStringConvertible {
  let function: String
  let code: Int32

  var description: String {
    "\(function) failed: \(String(cString: baseline_errstr(code))) (code \(code))"
  }
}

func checkBaseline(_ code: Int32, _ function: String) throws {
  guard code == 0 else { throw BaselineError(function: function, code: code) }
}

/// C strings of the rows' titles and notes, made by C with snprintf.
final class BaselineItemTexts {
  fileprivate var texts = baseline_item_texts()

  init(count: Int) throws {
    try checkBaseline(
      baseline_item_texts_create(Int32(count), &texts), "baseline_item_texts_create")
  }

  deinit { baseline_item_texts_destroy(&texts) }
}

/// An in-memory database with the `items` table, opened by C.
final class BaselineItemsDatabase {
  fileprivate let handle: OpaquePointer

  init() throws {
    var handle: OpaquePointer?
    try checkBaseline(baseline_open_items_database(&handle), "baseline_open_items_database")
    self.handle = handle!
  }

  deinit { _ = baseline_close(handle) }

  func insertItems(_ texts: BaselineItemTexts) throws {
    try checkBaseline(baseline_insert_items(handle, &texts.texts), "baseline_insert_items")
  }

  func execute(_ sql: String) throws {
    try checkBaseline(baseline_execute(handle, sql), "baseline_execute")
  }

  func prepare(_ sql: String) throws -> BaselineStatement {
    var statement: OpaquePointer?
    try checkBaseline(baseline_prepare(handle, sql, &statement), "baseline_prepare")
    return BaselineStatement(database: self, handle: statement!)
  }
}

/// A database file opened by C.
final class BaselineFileDatabase {
  fileprivate let handle: OpaquePointer

  init(path: String) throws {
    var handle: OpaquePointer?
    try checkBaseline(baseline_open_file(path, &handle), "baseline_open_file")
    self.handle = handle!
  }

  deinit { _ = baseline_close(handle) }

  func execute(_ sql: String) throws {
    try checkBaseline(baseline_execute(handle, sql), "baseline_execute")
  }

  func prepare(_ sql: String) throws -> BaselineStatement {
    var statement: OpaquePointer?
    try checkBaseline(baseline_prepare(handle, sql, &statement), "baseline_prepare")
    return BaselineStatement(database: self, handle: statement!)
  }

  /// The `items` rows, inserted by C in one transaction.
  func insertItems(_ texts: BaselineItemTexts) throws {
    try checkBaseline(baseline_insert_items(handle, &texts.texts), "baseline_insert_items")
  }

  /// The import workload's rows, inserted by C.
  func importRows(_ rows: BaselineImportRows) throws {
    var value = rows.rows
    try checkBaseline(baseline_add_uuid_function(handle), "baseline_add_uuid_function")
    try checkBaseline(baseline_import(handle, &value), "baseline_import")
  }
}

/// A statement prepared by C; it keeps its database open.
final class BaselineStatement {
  private let database: AnyObject
  private let handle: OpaquePointer

  fileprivate init(database: AnyObject, handle: OpaquePointer) {
    self.database = database
    self.handle = handle
  }

  deinit { baseline_finalize(handle) }

  /// Fetches every row's two text columns as copied strings, frees them, and returns the count.
  func fetchTextPairs() throws -> Int {
    var count: Int64 = 0
    try checkBaseline(baseline_fetch_text_pairs(handle, &count), "baseline_fetch_text_pairs")
    return Int(count)
  }

  /// Reads every column of every row (text and blobs copied), frees the copies, and returns the
  /// number of rows.
  func fetchRows() throws -> Int {
    var count: Int64 = 0
    try checkBaseline(baseline_fetch_rows(handle, &count), "baseline_fetch_rows")
    return Int(count)
  }

  /// Fetches every row into C structs with copied strings, frees them, and returns the count.
  func fetchItems() throws -> Int {
    var count: Int64 = 0
    try checkBaseline(baseline_fetch_items(handle, &count), "baseline_fetch_items")
    return Int(count)
  }
}

/// Opens the database file at `path` from C, applies the items migration, and closes it.
func baselineOpenMigrate(path: String) throws {
  try checkBaseline(baseline_open_migrate(path), "baseline_open_migrate")
}
