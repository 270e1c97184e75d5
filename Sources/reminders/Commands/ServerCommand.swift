import Foundation
import RemindersKit
import SQLiteData

/// `reminders server init|add-user`: sets up a PostgreSQL server for sync.
enum ServerCommand: Subcommand {
  static let names = ["server"]
  static let summary = "Set up a PostgreSQL sync server: install its schema, add users"
  static let help = """
    Usage: reminders server init --url URL
           reminders server add-user NAME --url URL [--password-file FILE]

    init installs the sync schema in the database URL names, or upgrades it; it
    changes nothing when the schema is up to date, and refuses a server whose schema
    is newer than this program's. Connect as the database's owner or a superuser,
    for instance postgresql://postgres@localhost/reminders.

    add-user makes a login for a person (or sets its password). The password is read
    from FILE's first line, or asked for when the input is a terminal. Each device of
    that person then logs in with
      reminders account login --server postgresql://HOST/DATABASE --user NAME

    Options:
      --url URL             The server, as a PostgreSQL connection string
      --password-file FILE  Where add-user reads the password
      -h, --help            Show this help
    """

  static func run(_ arguments: [String], context: CommandContext) throws {
    guard let parsed = try parse(arguments, options: [.value("--url"), .value("--password-file")]) else {
      return
    }
    guard let url = parsed.value("--url") else {
      throw CommandError.usage("server needs --url URL", help: help)
    }
    switch parsed.positional.first {
    case "init":
      guard parsed.positional.count == 1 else {
        throw CommandError.usage("server init takes no names", help: help)
      }
      let installation = try serverCall { try SyncServer.install(connectionString: url) }
      if installation.previousVersion == installation.version {
        Console.print("The sync schema is up to date (version \(installation.version)).")
      } else if installation.previousVersion == 0 {
        Console.print("Installed the sync schema (version \(installation.version)).")
      } else {
        Console.print(
          "Upgraded the sync schema from version \(installation.previousVersion) to \(installation.version).")
      }
    case "add-user":
      guard parsed.positional.count == 2 else {
        throw CommandError.usage("server add-user needs one user name", help: help)
      }
      let name = parsed.positional[1]
      let password =
        try parsed.value("--password-file").map(PasswordInput.read(file:))
        ?? PasswordInput.prompt(for: name, confirming: true, help: help)
      try serverCall { try SyncServer.addUser(name, password: password, connectionString: url) }
      Console.print("User \(name) can sync now.")
    default:
      throw CommandError.usage("server needs init or add-user", help: help)
    }
  }

  private static func serverCall<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as CloudError {
      switch error {
      case .unavailable:
        throw CommandError.failure(
          "could not reach the server (\(error.reason)): check the URL, and that PostgreSQL runs there")
      case .notAuthenticated:
        throw CommandError.failure(
          "the server refused the login (\(error.reason)): check the user and password in the URL")
      default:
        // Setting up the server and its users is its administrator's work (SQLSTATE 42501).
        if error.reason.contains("permission denied") || error.reason.contains("42501") {
          throw CommandError.failure(
            "the server refused (\(error.reason)): connect as the database's owner or a superuser in --url "
              + "to set up sync or add users")
        }
        throw CommandError.failure(error.reason)
      }
    }
  }
}
