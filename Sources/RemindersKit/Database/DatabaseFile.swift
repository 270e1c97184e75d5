import Foundation
import SQLiteData

#if canImport(Glibc)
  import Glibc
#endif

/// How the app tells its own database file from anybody else's, before it changes anything.
///
/// A file is the app's when its header carries the app's `application_id`, or, for files made
/// before the id was stamped (and files made by the seeds' Reminders example), when every table
/// in it is one of the app's own. Anything else (an empty file, another program's database, a
/// file that is not SQLite, a schema from a newer version) is refused with an error that names
/// the file and what was found, and is left exactly as it was: the checks read it through a
/// read-only connection, and a new database is built aside and linked into place only when no
/// file is there, so that no half-made database is ever left where the user's file would be.
enum DatabaseFile {
  /// The app's mark in the header of its files (`PRAGMA application_id`): "RMND".
  static let applicationID: Int32 = 0x524D_4E44

  /// The schema version stamped in `PRAGMA user_version`: the number of the app's migrations.
  static let schemaVersion = Migrations.migrator().migrationIdentifiers.count

  /// Whether `path` names a file directly: URIs (`file:…`) and memory are taken as given.
  static func isPlainFile(_ path: String) -> Bool {
    !path.isEmpty && path != ":memory:" && !path.hasPrefix("file:")
  }

  /// What was found at a path.
  enum Contents: Equatable {
    /// No file: the app may create its database there.
    case absent
    /// The app's database (or one it recognises), to be opened and migrated.
    case recognised
  }

  /// Looks at the file at `path` without changing it, and throws if it is not the app's.
  static func inspect(_ path: String, configuration: Configuration) throws -> Contents {
    var status = stat()
    guard stat(path, &status) == 0 else {
      if errno == ENOENT { return .absent }
      throw DatabaseFileError(path: path, problem: .unreadable(String(cString: strerror(errno))))
    }
    if (status.st_mode & S_IFMT) == S_IFDIR { throw DatabaseFileError(path: path, problem: .folder) }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      throw DatabaseFileError(path: path, problem: .notAFile)
    }
    if status.st_size == 0 { throw DatabaseFileError(path: path, problem: .emptyFile) }
    guard let header = DatabaseFileHeader.read(path) else {
      throw DatabaseFileError(path: path, problem: .unreadable(String(cString: strerror(errno))))
    }
    guard header.prefix(16).elementsEqual("SQLite format 3\0".utf8) else {
      throw DatabaseFileError(path: path, problem: .notSQLite)
    }
    // Without a `-wal` file every commit is in the main file, and its header says whose it is
    // and at which version: the app's own database needs no connection to be recognised.
    if header.count == 100, access(path + "-wal", F_OK) != 0,
      bigEndianInt32(header, at: 68) == applicationID,
      (0...schemaVersion).contains(Int(bigEndianInt32(header, at: 60)))
    {
      return .recognised
    }

    var readOnly = configuration
    readOnly.readonly = true
    let found: (applicationID: Int32, userVersion: Int, tables: [String: Set<String>])
    do {
      let queue = try DatabaseQueue(path: inspectionURI(path), configuration: readOnly)
      defer { queue.close() }
      found = try queue.read { db in
        (
          applicationID: try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0,
          userVersion: try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0,
          tables: try tableColumns(db)
        )
      }
    } catch let error as DatabaseError {
      // About the file the user named, not the URI it was read through.
      throw DatabaseError(
        resultCode: error.extendedResultCode, message: error.message, path: path, hint: error.hint)
    }
    switch found.applicationID {
    case applicationID:
      // A version this app never writes (above its own, or below zero) is not one it knows.
      if found.userVersion > schemaVersion || found.userVersion < 0 {
        throw DatabaseFileError(
          path: path, problem: .newerSchema(version: found.userVersion, known: schemaVersion))
      }
      return .recognised
    case 0:
      if found.tables.isEmpty { throw DatabaseFileError(path: path, problem: .emptyDatabase) }
      let (first, latest) = try ownTables()
      let foreign = Set(found.tables.keys).subtracting(latest.keys)
      guard foreign.isEmpty else {
        throw DatabaseFileError(path: path, problem: .foreignTables(foreign.sorted()))
      }
      // A table of the app's is the app's when it has at least the columns the first migration
      // gave it (the seeds' example makes the same), and none the latest schema does not have.
      let misshapen = found.tables.filter { table, columns in
        !(first[table] ?? []).isSubset(of: columns) || !columns.isSubset(of: latest[table] ?? [])
      }
      guard misshapen.isEmpty else {
        throw DatabaseFileError(path: path, problem: .foreignColumns(misshapen.keys.sorted()))
      }
      return .recognised
    default:
      throw DatabaseFileError(path: path, problem: .otherApplication(found.applicationID))
    }
  }

  /// The 32-bit big-endian integer at `offset` of a database header (`application_id` at 68,
  /// `user_version` at 60).
  private static func bigEndianInt32(_ header: [UInt8], at offset: Int) -> Int32 {
    header[offset..<offset + 4].reduce(Int32(0)) { $0 << 8 | Int32($1) }
  }

  /// How to open `path` for inspection without leaving a trace: a read-only connection to a
  /// database in WAL mode makes its `-wal` and `-shm` files, and leaves them. Where there is no
  /// `-wal` file, every commit is in the main file, which is then read as immutable (no lock, no
  /// side file); where there is one, the side files are there already.
  private static func inspectionURI(_ path: String) -> String {
    let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "?#%"))
    let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    return "file:\(encoded)" + (access(path + "-wal", F_OK) == 0 ? "?mode=ro" : "?immutable=1")
  }

  /// Creates the app's database at `path`, where no file is: built and migrated in a file beside
  /// it, then linked into place, which fails rather than replace a file that appeared meanwhile
  /// (another process creating the same database first is not an error).
  static func create(at path: String, configuration: Configuration) throws {
    let folder = (path as NSString).deletingLastPathComponent
    let building = (folder.isEmpty ? "." : folder) + "/.\((path as NSString).lastPathComponent).new-\(UUID())"
    defer {
      for suffix in ["", "-wal", "-shm", "-journal"] { unlink(building + suffix) }
    }
    let pool: DatabasePool
    do {
      pool = try DatabasePool(path: building, configuration: configuration)
    } catch let error as DatabaseError {
      // About the file the user named, not the one built beside it.
      throw DatabaseError(
        resultCode: error.extendedResultCode, message: error.message, path: path, hint: error.hint)
    }
    do {
      try Migrations.migrate(pool)
      // Everything into the main file, which is the one linked into place.
      try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
      pool.close()
    } catch {
      pool.close()
      throw error
    }
    guard link(building, path) != 0 else { return }
    switch errno {
    case EEXIST:
      return
    case EPERM, EOPNOTSUPP:
      // A file system without hard links: move the file instead, if the path is still free.
      if access(path, F_OK) != 0, rename(building, path) == 0 { return }
      fallthrough
    default:
      throw DatabaseFileError(path: path, problem: .cannotCreate(String(cString: strerror(errno))))
    }
  }

  /// Stamps the app's id and schema version in the header, where they are not there yet.
  static func stamp(_ db: Database) throws {
    if try Int32.fetchOne(db, sql: "PRAGMA application_id") != applicationID {
      try db.execute(sql: "PRAGMA application_id = \(applicationID)")
    }
    if try Int.fetchOne(db, sql: "PRAGMA user_version") != schemaVersion {
      try db.execute(sql: "PRAGMA user_version = \(schemaVersion)")
    }
  }

  /// The tables of a database with their columns, SQLite's own tables left out.
  private static func tableColumns(_ db: Database) throws -> [String: Set<String>] {
    let names = try String.fetchAll(
      db,
      sql: """
        SELECT name FROM sqlite_schema
        WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
        """)
    var tables: [String: Set<String>] = [:]
    for name in names {
      tables[name] = Set(
        try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [name]))
    }
    return tables
  }

  /// The tables, with their columns, that the app's first migration makes and that all its
  /// migrations make, read off databases migrated in memory, so that they can never drift from
  /// the schema.
  private static func ownTables() throws -> (first: [String: Set<String>], latest: [String: Set<String>]) {
    let migrator = Migrations.migrator()
    let first = try DatabaseQueue()
    try migrator.migrate(first, upTo: Migrations.createTables)
    let latest = try DatabaseQueue()
    try Migrations.migrate(latest)
    return (try first.read(tableColumns), try latest.read(tableColumns))
  }
}

/// A file the app will not open as its database, and why.
public struct DatabaseFileError: Error, CustomStringConvertible, Equatable {
  public enum Problem: Equatable, Sendable {
    case folder
    case notAFile
    case emptyFile
    case emptyDatabase
    case notSQLite
    case foreignTables([String])
    /// Tables named as the app's, with columns the app's do not have.
    case foreignColumns([String])
    case otherApplication(Int32)
    case newerSchema(version: Int, known: Int)
    case unreadable(String)
    case cannotCreate(String)
    case readOnlyNeedsUpgrade
  }

  public let path: String
  public let problem: Problem

  public var description: String {
    let leftAlone = "reminders has not changed it"
    let elsewhere = "name another file with --db"
    switch problem {
    case .folder:
      return "\(path) is a folder; the database must be a file: \(elsewhere)"
    case .notAFile:
      return "\(path) is not a regular file (a device, socket or pipe): \(elsewhere)"
    case .emptyFile:
      return "\(path) is an empty file, not a reminders database; \(leftAlone). "
        + "reminders creates its database only where no file exists: remove the empty file, or \(elsewhere)"
    case .emptyDatabase:
      return "\(path) is an empty SQLite database that reminders did not make; \(leftAlone). "
        + "reminders creates its database only where no file exists: remove it, or \(elsewhere)"
    case .notSQLite:
      return "\(path) is not an SQLite database (it does not start with SQLite's header); \(leftAlone): "
        + "check the path, or \(elsewhere)"
    case .foreignTables(let tables):
      let shown = tables.prefix(5).map { "'\($0)'" }.joined(separator: ", ")
      let more = tables.count > 5 ? " and \(tables.count - 5) more" : ""
      return "\(path) is another program's database (it holds the tables \(shown)\(more), "
        + "which are not reminders'); \(leftAlone): \(elsewhere)"
    case .foreignColumns(let tables):
      let shown = tables.prefix(5).map { "'\($0)'" }.joined(separator: ", ")
      let more = tables.count > 5 ? " and \(tables.count - 5) more" : ""
      let noun = tables.count == 1 ? "table \(shown) has the name" : "tables \(shown)\(more) have the names"
      return "\(path) is another program's database (its \(noun) of reminders' but other columns); "
        + "\(leftAlone): \(elsewhere)"
    case .otherApplication(let id):
      let hex = String(UInt32(bitPattern: id), radix: 16)
      return "\(path) belongs to another application (its header says application_id 0x\(hex)); "
        + "\(leftAlone): \(elsewhere)"
    case .newerSchema(let version, let known):
      return "\(path) was written by a newer version of reminders (schema version \(version); "
        + "this one knows up to \(known)); \(leftAlone): open it with the newer version"
    case .unreadable(let reason):
      return
        "cannot read \(path): \(reason); check the path and that this user may read the file and its folder"
    case .readOnlyNeedsUpgrade:
      return "\(path) is read-only, and this version of reminders must upgrade it before it can show it: "
        + "give your user write permission on the file and its folder once"
    case .cannotCreate(let reason):
      return "cannot create the database \(path): \(reason); check that this user may write to its folder, "
        + "or name another file with --db"
    }
  }
}
