import CSQLite

/// What one statement reads, writes, and does to the transaction, as SQLite's authorizer reports
/// it while the statement is prepared.
final class AuthorizerRecord {
  var reads = DatabaseRegion()
  /// The table the statement itself inserts into, updates or deletes from: the first one
  /// SQLite reports, before the triggers and foreign-key actions it compiles in.
  var target: String?
  /// Tables created, dropped or altered: their readers must look again whatever the row count.
  var schemaWrites: Set<String> = []
  var savepoint: SavepointEffect?

  enum SavepointEffect {
    case begin(String)
    case release(String)
    case rollback(String)
  }
}

/// What a statement does to the transaction when it runs, fixed when it is prepared.
struct TransactionEffects {
  /// The table the statement inserts into, updates or deletes from.
  let target: String?
  /// Tables it creates, drops or alters.
  let schemaWrites: Set<String>
  let savepoint: AuthorizerRecord.SavepointEffect?
  /// Whether there are schema writes or a savepoint: checked first, so that ordinary statements
  /// skip the rest.
  let changesSchemaOrSavepoints: Bool

  init(_ record: AuthorizerRecord) {
    target = record.target
    schemaWrites = record.schemaWrites
    savepoint = record.savepoint
    changesSchemaOrSavepoints = !record.schemaWrites.isEmpty || record.savepoint != nil
  }
}

extension Database {
  /// Installed once for the life of the connection, because setting an authorizer expires every
  /// prepared statement. It records into `authorizerRecord` while a statement is being prepared
  /// (statements that SQLite re-prepares by itself after a schema change keep their first record)
  /// and never denies anything.
  func installAuthorizer() {
    let context = Unmanaged.passUnretained(self).toOpaque()
    sqlite3_set_authorizer(
      sqliteConnection,
      { context, action, first, second, _, trigger -> Int32 in
        let database = Unmanaged<Database>.fromOpaque(context!).takeUnretainedValue()
        return database.authorize(action: action, first, second, isTopLevel: trigger == nil)
      }, context)
  }

  private func authorize(
    action: Int32, _ first: UnsafePointer<CChar>?, _ second: UnsafePointer<CChar>?, isTopLevel: Bool
  ) -> Int32 {
    let record = authorizerRecord
    switch action {
    case SQLITE_READ:
      if let record, let table = first {
        let column = second.map { String(cString: $0) }
        // An empty column name is a read of the table's rowid-less existence (count(*) and such).
        record.reads.insert(table: String(cString: table), column: column?.isEmpty == true ? nil : column)
      }
    case SQLITE_INSERT, SQLITE_UPDATE, SQLITE_DELETE:
      // Only the statement's own target: what triggers and cascades write is reported by the
      // update hook row by row, and recording it here would report writes that never happen.
      if let record, record.target == nil, isTopLevel, let table = first {
        record.target = String(cString: table)
      }
    case SQLITE_CREATE_TABLE, SQLITE_CREATE_TEMP_TABLE, SQLITE_DROP_TABLE, SQLITE_DROP_TEMP_TABLE,
      SQLITE_CREATE_VIEW, SQLITE_CREATE_TEMP_VIEW, SQLITE_DROP_VIEW, SQLITE_DROP_TEMP_VIEW,
      SQLITE_CREATE_VTABLE, SQLITE_DROP_VTABLE:
      if let record, let table = first { record.schemaWrites.insert(String(cString: table)) }
    case SQLITE_ALTER_TABLE:
      if let record, let table = second { record.schemaWrites.insert(String(cString: table)) }
    case SQLITE_SAVEPOINT:
      guard let record, let operation = first, let name = second else { break }
      let savepoint = String(cString: name)
      switch String(cString: operation) {
      case "BEGIN": record.savepoint = .begin(savepoint)
      case "RELEASE": record.savepoint = .release(savepoint)
      case "ROLLBACK": record.savepoint = .rollback(savepoint)
      default: break
      }
    default:
      break
    }
    return SQLITE_OK
  }
}
