import Foundation
import RemindersKit
import SQLiteData

#if canImport(Glibc)
  import Glibc
#endif

/// `reminders account login|status|logout`: the sync account of this user on this machine.
enum AccountCommand: Subcommand {
  static let names = ["account"]
  static let summary = "Log in to a sync server, show the account, log out"
  static let help = """
    Usage: reminders account login --server URL --user NAME [--password-file FILE]
           reminders account status
           reminders account logout [--delete-local-data [--discard-unsent] | --keep-local-data]

    login checks the user name and password with the server and keeps them for
    this user (in $XDG_CONFIG_HOME/reminders/account.json, readable by you alone;
    never in the database). The password is read from FILE's first line, or asked
    for when the input is a terminal. From then on the app syncs by itself, and
    `reminders sync` syncs once. URL is the server's PostgreSQL address, such as
    postgresql://sync.example.com/reminders (see `reminders server --help`).

    status shows the account, whether the server answers, and the changes of this
    database that wait to be sent.

    logout forgets the account. The lists and reminders it synced stay on this
    device unless you say to delete them: logout asks on a terminal; scripts pass
    --delete-local-data or --keep-local-data. Changes not sent yet are sent
    first; if the server cannot take them, the data is not deleted unless you
    add --discard-unsent.

    SQLITEDATA_SYNC_URL, when set, is used instead of the stored account.

    Options:
      --server URL          The sync server
      --user NAME           Your user name on it
      --password-file FILE  Where login reads the password (- for the standard input)
      --delete-local-data   With logout: delete the synced data from this device
      --keep-local-data     With logout: keep it
      --discard-unsent      With --delete-local-data: delete changes not sent too
      -h, --help            Show this help
    """

  static func run(_ arguments: [String], context: CommandContext) throws {
    guard
      let parsed = try parse(
        arguments,
        options: [
          .value("--server"), .value("--user"), .value("--password-file"), .flag("--delete-local-data"),
          .flag("--keep-local-data"), .flag("--discard-unsent"),
        ])
    else { return }
    switch parsed.positional.first {
    case "login": try login(parsed, context: context)
    case "status": try status(context)
    case "logout": try logout(parsed, context: context)
    default: throw CommandError.usage("account needs login, status or logout", help: help)
    }
  }

  private static func login(_ parsed: ParsedArguments, context: CommandContext) throws {
    guard let server = parsed.value("--server"), let user = parsed.value("--user") else {
      throw CommandError.usage("account login needs --server URL and --user NAME", help: help)
    }
    guard let components = URLComponents(string: server),
      components.scheme == "postgresql" || components.scheme == "postgres"
    else {
      throw CommandError.usage(
        "--server takes a PostgreSQL URL such as postgresql://sync.example.com/reminders", help: help)
    }
    guard components.password == nil else {
      throw CommandError.usage(
        "keep the password out of --server (the command line shows in `ps`): give it with --password-file or at the prompt",
        help: help)
    }
    let password =
      try parsed.value("--password-file").map(PasswordInput.read(file:))
      ?? PasswordInput.prompt(for: user, confirming: false, help: help)
    var withoutUser = components
    withoutUser.user = nil
    let login = SyncLogin(server: withoutUser.string ?? server, user: user, password: password)
    let account = try serverCall {
      try runBlocking { try await PostgresCloudDatabase(connectionString: login.connectionString).account() }
    }
    let previous = try? SyncLogin.load()
    let hasDatabase = FileManager.default.fileExists(atPath: context.databasePath)
    // Whose lists are on this device: the account it last synced as, its server known by its id
    // (`localhost` and `127.0.0.1` are the same server).
    let stored = hasDatabase ? try context.syncedAccount() : nil
    let storedUser = stored?.user
    let switches = stored.map { $0 != account } ?? (previous?.sameAccount(as: login) == false)
    if switches, hasDatabase, let engine = try context.syncEngineIfAny(),
      try engine.pendingChangeCount() > 0
    {
      try sendBeforeSwitching(engine, to: account.user, from: previous, dataOf: storedUser)
    }
    try login.save()
    Console.print(
      "Logged in as \(account.user) on \(login.serverDescription). "
        + "The app syncs by itself; `reminders sync` syncs now.")
    if let storedUser, storedUser != account.user {
      Console.print(
        "The lists synced as \(storedUser) leave this device at the next sync (they stay on the server, "
          + "for when you log in as \(storedUser) again); \(account.user)'s arrive.")
    } else if let stored, stored.serverID != account.serverID {
      Console.print(
        "The lists synced with \(previous?.serverDescription ?? "another server") leave this device at the next "
          + "sync (they stay on that server); those on \(login.serverDescription) arrive.")
    }
  }

  /// Changes made under the account logged in so far go to it before another is logged in: under
  /// the other, they would wait, unsent, until the first is back. When they cannot be sent, the
  /// login is refused, and says how to go on.
  private static func sendBeforeSwitching(
    _ engine: SyncEngine, to user: String, from previous: SyncLogin?, dataOf storedUser: String?
  ) throws {
    guard let previous else {
      // Nobody is logged in: the changes wait for the account whose data this is, which alone
      // can take them.
      let unsent = try engine.pendingChangeCount()
      let them = unsent == 1 ? "it" : "them"
      let owner = storedUser ?? "the account this device synced as"
      throw CommandError.failure(
        "\(count: unsent, "change") on this device could not be sent to \(owner) (nobody is logged in); "
          + "logging in as \(user) would leave \(them) unsent. Log in as \(owner) to send \(them), or drop "
          + "\(them) with `reminders account logout --delete-local-data --discard-unsent`, then log in")
    }
    // Waiting for an account other than the one logged in until now (perhaps this one), they are
    // the engine's to keep: the login goes ahead.
    guard let outcome = try sendWaitingChanges(engine), outcome.unsent > 0 else { return }
    let them = outcome.unsent == 1 ? "it" : "them"
    throw CommandError.failure(
      "\(count: outcome.unsent, "change") on this device could not be sent to \(previous.user) on "
        + "\(previous.serverDescription)\(outcome.reason); logging in as \(user) would leave \(them) unsent. "
        + "Run `reminders sync` once the server takes \(them), or drop \(them) with "
        + "`reminders account logout --delete-local-data --discard-unsent`, then log in")
  }

  /// Sends the changes that wait to the account they were made under: how many still wait, and
  /// why they could not be sent (" (…)", or empty); nil when they wait for an account other than
  /// the one logged in (the engine refuses to send them elsewhere).
  private static func sendWaitingChanges(_ engine: SyncEngine) throws -> (unsent: Int, reason: String)? {
    guard try engine.pendingChangeCount() > 0 else { return (0, "") }
    do {
      try runBlocking { try await engine.sendChanges() }
      Console.print("Sent this device's last changes.")
      return (try engine.pendingChangeCount(), "")
    } catch SyncError.unsentChanges {
      return nil
    } catch let error as CloudError {
      // The reason alone: the error's own advice ("changes are kept") is not what happens next.
      return (try engine.pendingChangeCount(), " (the server: \(error.reason))")
    } catch {
      return (try engine.pendingChangeCount(), " (\(error))")
    }
  }

  private static func status(_ context: CommandContext) throws {
    let fromEnvironment = SyncAccount.configured() != nil
    guard let cloud = try SyncLogin.cloudDatabase() else {
      Console.print("Not logged in: `reminders account login --server URL --user NAME` starts syncing.")
      return
    }
    if fromEnvironment {
      Console.print("Account: from \(SyncAccount.environmentVariable)")
    } else if let login = try SyncLogin.load() {
      Console.print(
        "Account: \(login.user) on \(login.serverDescription)")
    }
    do {
      let account = try runBlocking { try await cloud.account() }
      Console.print("Server: reachable, signed in as \(account.user)")
    } catch let error as CloudError {
      let advice =
        if case .notAuthenticated = error, !error.isAccountTurnedOff {
          " Log in again with `reminders account login`."
        } else {
          ""
        }
      Console.print("Server: \(error.description)\(advice)")
    }
    if FileManager.default.fileExists(atPath: context.databasePath),
      let engine = try context.syncEngineIfAny()
    {
      let pending = try engine.pendingChangeCount()
      Console.print("This database: \(count: pending, "change") waiting to be sent")
    }
  }

  private static func logout(_ parsed: ParsedArguments, context: CommandContext) throws {
    let wasLoggedIn = try SyncLogin.load() != nil
    let delete: Bool
    switch (parsed.has("--delete-local-data"), parsed.has("--keep-local-data")) {
    case (true, true):
      throw CommandError.usage("give --delete-local-data or --keep-local-data, not both", help: help)
    case (true, false): delete = true
    case (false, true):
      guard !parsed.has("--discard-unsent") else {
        throw CommandError.usage(
          "--discard-unsent goes with --delete-local-data: with --keep-local-data, changes not sent stay",
          help: help)
      }
      delete = false
    case (false, false):
      guard isatty(STDIN_FILENO) == 1 else {
        throw CommandError.usage(
          "say what happens to the synced data on this device: --delete-local-data or --keep-local-data",
          help: help)
      }
      Console.prompt("Delete the synced lists and reminders from this device too? [y/N] ")
      delete = (readLine() ?? "").lowercased().hasPrefix("y")
    }
    let hasDatabase = FileManager.default.fileExists(atPath: context.databasePath)
    let engine = delete && hasDatabase ? try context.syncEngineIfAny() : nil
    if let engine { try sendUnsentChanges(engine, discarding: parsed.has("--discard-unsent")) }
    // Kept, the changes not sent wait for the same account's next login.
    let waiting = !delete && hasDatabase ? try context.syncEngineIfAny()?.pendingChangeCount() ?? 0 : 0
    // Logged out before the data is deleted: a running app then fetches nothing more, and a fetch
    // it had under way finds the data no longer its account's and stops (it would bring it back).
    try SyncLogin.remove()
    if let engine {
      try runBlocking { try await engine.deleteLocalData() }
      Console.print("Deleted the synced data from this device.")
    }
    Console.print(wasLoggedIn ? "Logged out." : "Not logged in.")
    if waiting > 0 {
      Console.print(
        "\(count: waiting, "change") not sent yet \(waiting == 1 ? "stays" : "stay") on this device, and "
          + "\(waiting == 1 ? "goes" : "go") to the server when this account logs in again.")
    }
  }

  /// Sends the changes that wait, before the data they belong to is deleted; refuses to delete
  /// them unsent unless told to.
  private static func sendUnsentChanges(_ engine: SyncEngine, discarding: Bool) throws {
    let outcome =
      try sendWaitingChanges(engine) ?? (
        try engine.pendingChangeCount(), " (they were made by another account)"
      )
    guard outcome.unsent > 0 else { return }
    guard !discarding else {
      Console.print("Discarding \(count: outcome.unsent, "change") that could not be sent\(outcome.reason).")
      return
    }
    let them = outcome.unsent == 1 ? "it" : "them"
    throw CommandError.failure(
      "\(count: outcome.unsent, "change") on this device could not be sent\(outcome.reason); deleting the synced data "
        + "would lose \(them). Run `reminders sync` once the server takes \(them), log out with "
        + "--keep-local-data, or add --discard-unsent to delete \(them) too")
  }

  private static func serverCall<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as CloudError {
      switch error {
      case .unavailable:
        // The server answered that it has no such database: reached, but the URL names another.
        if error.reason.contains("database \""), error.reason.contains("does not exist") {
          throw CommandError.failure(
            "the server has no such database (\(error.reason)): check the database name at the end of the URL"
          )
        }
        throw CommandError.failure("could not reach the server (\(error.reason)): check the URL")
      case .notAuthenticated:
        if error.isAccountTurnedOff {
          throw CommandError.failure(
            "the server refused the login (\(error.reason)): this user's account is turned off on the server; "
              + "ask its administrator")
        }
        throw CommandError.failure(
          "the server refused the login (\(error.reason)): check the user and password, and that the user may use this database"
        )
      default:
        // A login of the server's that was not made a sync user (`server add-user`).
        if error.reason.contains("permission denied for schema sync") {
          throw CommandError.failure(
            "the server knows this user, but not as a sync user (\(error.reason)): its administrator adds "
              + "sync users with `reminders server add-user NAME`")
        }
        throw CommandError.failure(error.reason)
      }
    }
  }
}
