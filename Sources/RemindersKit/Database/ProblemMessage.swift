import Foundation
import SQLiteData

#if canImport(Glibc)
  import Glibc
#endif

/// What the app says when something fails: the error in words a user can act on, naming what the
/// user controls (the file, its permissions, another program holding it, the disk) instead of the
/// library's settings or the SQL that ran. The command line and the full-screen app both say it.
public enum ProblemMessage {
  /// A change to a list someone shares with the user read-only.
  public static let readOnlyShare =
    "this list is shared with you read-only: ask its owner to let you change it"

  /// The message for `error`; `path` is the database file, when the error does not name it.
  public static func describe(_ error: any Error, databasePath path: String? = nil) -> String {
    switch error {
    case let error as ActionError: return error.message
    case let error as DatabaseFileError: return error.description
    case let error as DatabaseError: return describe(error, path: error.path ?? path)
    case let error as RowDecodingError: return unreadable(error.message, path: path)
    case let error as QueryDecodingError: return unreadable(error.message, path: path)
    case let error as MigrationError:
      if let underlying = error.underlying as? DatabaseError { return describe(underlying, path: path) }
      return error.description
    default: return "\(error)"
    }
  }

  private static func describe(_ error: DatabaseError, path: String?) -> String {
    let file = path.map { "the database \($0)" } ?? "the database"
    let seconds = Int(AppDatabase.configuration.busyTimeout)
    if error.message.contains(SyncEngine.writePermissionError) {
      return readOnlyShare
    }
    switch error.resultCode {
    case .SQLITE_BUSY, .SQLITE_LOCKED:
      return
        "\(file) is locked by another program (another reminders window or command, or the sqlite3 shell), which "
        + "kept it for \(seconds) seconds: let it finish, or close it, and try again"
    case .SQLITE_READONLY:
      if let path, access(path, W_OK) == 0, access(path + "-shm", F_OK) == 0, access(path + "-shm", W_OK) != 0
      {
        // A connection that could only read made the log's index with the file's permissions then.
        return "\(path)-shm, left by a session that could only read the database, cannot be written: "
          + "remove it while no reminders or sqlite3 has the database open"
      }
      return "\(file) is read-only: reminders can show and export it, but not change it. "
        + "To change it, give your user write permission on the file and its folder"
    case .SQLITE_FULL:
      // A big change spills SQLite's statement journal to a temporary file, which may lie on
      // another disk than the database.
      if let path, !DiskSpace.isFull(near: path), let folder = DiskSpace.temporaryFolder(),
        DiskSpace.isFull(near: (folder as NSString).appendingPathComponent("temporary file"))
      {
        return "the disk holding \(folder), where SQLite keeps the temporary files of a big change, is full: "
          + "free some space there, or set SQLITE_TMPDIR to a folder on a disk with room"
      }
      return diskFull(path)
    case .SQLITE_IOERR:
      if let path, DiskSpace.isFull(near: path) { return diskFull(path) }
      return "could not read or write \(file) (the disk reported an error): check the disk and try again"
    case .SQLITE_CANTOPEN:
      if let path, DiskSpace.isFull(near: path) { return diskFull(path) }
      return "cannot open \(file): check that its folder exists and that you may read and write both"
    case .SQLITE_NOTADB:
      return "\(file) is not a database: check the path, or name another file with --db"
    case .SQLITE_CORRUPT:
      return "\(file) is damaged: restore it from a backup, or recover it with the sqlite3 shell's .recover"
    case .SQLITE_CONSTRAINT:
      return "the change was refused because it breaks a rule of the database (\(error.message))"
    default:
      return
        "\(file) reported an error: \(error.message); try again, and if it persists, check the file with "
        + "sqlite3's PRAGMA integrity_check"
    }
  }

  /// A value the app never writes, written by another program: what it is, without the SQL that
  /// read it, and how to mend it.
  private static func unreadable(_ problem: String, path: String?) -> String {
    let file = path.map { "the database \($0)" } ?? "the database"
    return "\(file) holds a value reminders cannot read, written by another program (\(problem)): "
      + "correct it or set it to NULL with the sqlite3 shell"
  }

  private static func diskFull(_ path: String?) -> String {
    let folder = path.map { ($0 as NSString).deletingLastPathComponent }.flatMap { $0.isEmpty ? nil : $0 }
    return "the disk holding \(folder ?? "the database") is full: free some space and try again"
  }
}

/// Free space, asked only after a failure, to tell a full disk from another I/O error.
enum DiskSpace {
  /// Whether the file system holding `path` (or its nearest existing folder) has no room left
  /// for a page and the log's index.
  static func isFull(near path: String) -> Bool {
    var folder = (path as NSString).deletingLastPathComponent
    while !folder.isEmpty, access(folder, F_OK) != 0 {
      folder = (folder as NSString).deletingLastPathComponent
    }
    var status = statvfs()
    guard statvfs(folder.isEmpty ? "." : folder, &status) == 0 else { return false }
    let available = UInt64(geteuid() == 0 ? status.f_bfree : status.f_bavail) * UInt64(status.f_frsize)
    return available < 64 * 1024 || status.f_favail == 0
  }

  /// The folder SQLite puts its temporary files in: the first of `SQLITE_TMPDIR`, `TMPDIR`,
  /// /var/tmp, /usr/tmp and /tmp that is a folder this user may write, as SQLite chooses it.
  static func temporaryFolder() -> String? {
    let environment = ProcessInfo.processInfo.environment
    let candidates = [environment["SQLITE_TMPDIR"], environment["TMPDIR"], "/var/tmp", "/usr/tmp", "/tmp"]
    return candidates.compactMap { $0 }.first { folder in
      var isFolder: ObjCBool = false
      return FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue
        && access(folder, W_OK | X_OK) == 0
    }
  }
}
