import Foundation

/// Installs and administers the sync schema on a PostgreSQL server. Run as a role that may
/// create schemas and roles (the database owner, or a superuser); people then connect as the
/// login roles made with ``addUser(_:password:connectionString:)``.
public enum SyncServer {
  /// The schema version this build installs and speaks.
  public static var schemaVersion: Int { ServerSchema.migrations.count }

  /// What `install` found and left.
  public struct Installation: Hashable, Sendable {
    public var previousVersion: Int
    public var version: Int
  }

  /// Creates the `sync` schema, or upgrades it to this build's version; does nothing when it is
  /// up to date. Each migration runs in its own transaction under an advisory lock, so two
  /// installs at once do not collide. A server newer than this build is refused, untouched.
  @discardableResult
  public static func install(connectionString: String) throws -> Installation {
    let connection = try PostgresConnection(connectionString)
    let previous = try installedVersion(connection)
    guard previous <= schemaVersion else {
      throw CloudError.incompatibleServer(
        "the server's sync schema is version \(previous), newer than this program's \(schemaVersion); use a newer version of the program"
      )
    }
    var version = previous
    while version < schemaVersion {
      try connection.execute("BEGIN")
      do {
        try connection.query("SELECT pg_advisory_xact_lock(hashtext('sqlitedata.sync.install'))")
        // Another install may have got here first while this one waited for the lock.
        version = try installedVersion(connection)
        if version < schemaVersion {
          try connection.execute(ServerSchema.migrations[version])
          version += 1
          try connection.query("UPDATE sync.schema_info SET version = $1::int", [String(version)])
        }
        try connection.execute("COMMIT")
      } catch {
        try? connection.execute("ROLLBACK")
        throw error
      }
    }
    return Installation(previousVersion: previous, version: version)
  }

  /// The installed schema version; 0 when there is none.
  static func installedVersion(_ connection: PostgresConnection) throws -> Int {
    let exists = try connection.query("SELECT to_regclass('sync.schema_info') IS NOT NULL").first?.first
    guard exists == "t" else { return 0 }
    let version = try connection.query("SELECT max(version) FROM sync.schema_info").first?.first ?? nil
    return version.flatMap { Int($0) } ?? 0
  }

  /// Makes a login role for a person (or sets its password), allowed to sync through the API.
  public static func addUser(_ name: String, password: String, connectionString: String) throws {
    guard name.range(of: "^[a-z_][a-z0-9_]{0,57}$", options: .regularExpression) != nil else {
      throw CloudError.serverError(
        "'\(name)' cannot be a user name: use lowercase letters, digits and underscores, starting with a letter"
      )
    }
    guard !password.isEmpty else { throw CloudError.serverError("the password is empty") }
    let connection = try PostgresConnection(connectionString)
    guard try installedVersion(connection) > 0 else {
      throw CloudError.incompatibleServer(
        "the server has no sync schema yet; run `reminders server init --url URL` first")
    }
    try connection.query("SELECT sync.add_user($1, $2)", [name, password])
  }
}
