import Foundation
import SQLiteData
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The sync account this user logged in with (`reminders account login`): the server, the user
/// name and the password, in `$XDG_CONFIG_HOME/reminders/account.json` (or
/// `~/.config/reminders/account.json`), readable by the user alone. Never in the database, and
/// never on a command line, where `ps` would show it. `SQLITEDATA_SYNC_URL`, when set, wins.
struct SyncLogin: Codable, Equatable {
  /// The server's PostgreSQL URL, without user or password.
  var server: String
  var user: String
  var password: String

  /// The URL libpq connects with: the server's, with the user and password in it.
  var connectionString: String {
    guard var components = URLComponents(string: server) else { return server }
    components.user = user
    components.password = password
    return components.string ?? server
  }

  /// The server as people read it: `host/database`.
  var serverDescription: String {
    guard let components = URLComponents(string: server) else { return server }
    return "\(components.host ?? "localhost")\(components.port.map { ":\($0)" } ?? "")\(components.path)"
  }

  static func fileURL() throws -> URL {
    let configHome: String
    if let xdg = try SystemText.environment("XDG_CONFIG_HOME"), xdg.hasPrefix("/") {
      configHome = xdg
    } else {
      let home = try SystemText.environment("HOME") ?? NSHomeDirectory()
      configHome = (home as NSString).appendingPathComponent(".config")
    }
    return URL(fileURLWithPath: configHome).appendingPathComponent("reminders/account.json")
  }

  /// Whether `other` logs in as the same user on the same server (with this password or another).
  func sameAccount(as other: SyncLogin) -> Bool { server == other.server && user == other.user }

  static func load() throws -> SyncLogin? {
    let url = try fileURL()
    guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
    do {
      return try JSONDecoder().decode(SyncLogin.self, from: data)
    } catch {
      throw CommandError.failure(
        "the account file \(url.path) cannot be read: log in again with `reminders account login`")
    }
  }

  /// Writes the file with mode 0600 from its first byte (a temporary file renamed over the old).
  func save() throws {
    let url = try Self.fileURL()
    let folder = url.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let temporary = folder.appendingPathComponent(".account-\(UUID().uuidString).json")
    let data = try JSONEncoder().encode(self)
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw CommandError.failure("could not write \(temporary.path): \(String(cString: strerror(errno)))")
    }
    let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    let synced = fsync(descriptor) == 0
    close(descriptor)
    guard written == data.count, synced, rename(temporary.path, url.path) == 0 else {
      unlink(temporary.path)
      throw CommandError.failure("could not write \(url.path): \(String(cString: strerror(errno)))")
    }
  }

  static func remove() throws {
    let path = try fileURL().path
    if unlink(path) != 0, errno != ENOENT {
      throw CommandError.failure("could not remove \(path): \(String(cString: strerror(errno)))")
    }
  }

  /// The server this device syncs with: `SQLITEDATA_SYNC_URL`, else the logged-in account; nil
  /// when there is neither, unless `keepsWatching` (a database that synced before): its engine
  /// then waits for a login. A program that runs on (the app) follows the login as it changes:
  /// a new password, another account (the engine switches to it), logging out (sync stops).
  static func cloudDatabase(keepsWatching: Bool = false) throws -> (any CloudDatabase)? {
    if let configured = SyncAccount.configured() { return configured }
    let login = try load()
    guard login != nil || keepsWatching else { return nil }
    let url = try fileURL()
    return PostgresCloudDatabase(connectionString: login?.connectionString ?? "") {
      LoginFile.connectionString(at: url)
    }
  }
}

/// The login file as a running program reads it again and again: re-read only when it changed.
private enum LoginFile {
  private static let last = Mutex<(modified: timespec, size: Int, connectionString: String?)?>(nil)

  /// The connection string of the login in the file at `url`; nil when there is none (logged
  /// out) or it cannot be read.
  static func connectionString(at url: URL) -> String? {
    var status = stat()
    guard stat(url.path, &status) == 0 else { return nil }
    let modified = status.st_mtim
    if let known = last.withLock({ $0 }), known.modified.tv_sec == modified.tv_sec,
      known.modified.tv_nsec == modified.tv_nsec, known.size == Int(status.st_size)
    {
      return known.connectionString
    }
    let current = (try? SyncLogin.load())?.flatMap(\.connectionString)
    last.withLock { $0 = (modified, Int(status.st_size), current) }
    return current
  }
}
