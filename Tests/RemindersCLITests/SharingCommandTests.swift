import Foundation
import PostgresTestSupport
import Testing

/// Accounts and sharing from the command line, against a PostgreSQL server of the test's own:
/// alice logs in, shares a list with bob read-only, then read-write, invites carol with a token,
/// and stops sharing; each person has a database and a config folder of their own.
@Suite("Sharing from the command line")
struct SharingCommandTests {
  struct Person {
    let name: String
    let cli = CommandRunner()
    let config: String

    init(_ name: String) {
      self.name = name
      config = (cli.databasePath as NSString).deletingLastPathComponent + "-config"
    }

    /// Runs `reminders` with this person's database and config folder.
    @discardableResult
    func run(_ arguments: String..., input: String? = nil) throws -> CommandRunner.Output {
      try cli.run(arguments: arguments, input: input, environment: ["XDG_CONFIG_HOME": config])
    }

    func succeed(_ arguments: String...) throws -> String {
      let output = try cli.run(arguments: arguments, environment: ["XDG_CONFIG_HOME": config])
      guard output.status == 0 else { throw CommandFailed(output: output) }
      return output.stdout
    }

    func lists() throws -> [String] {
      try succeed("lists", "--json").data(using: .utf8).flatMap {
        try JSONSerialization.jsonObject(with: $0) as? [[String: Any]]
      }?.compactMap { $0["title"] as? String }.sorted() ?? []
    }

    func cleanUp() {
      cli.removeDatabase()
      try? FileManager.default.removeItem(atPath: config)
    }
  }

  @Test func aListSharedReadOnlyThenReadWriteThenByInvitationThenUnshared() async throws {
    let cluster = try await PostgresCluster.start()
    let database = try cluster.makeDatabase()
    let server = "postgresql://127.0.0.1:\(cluster.port)/\(database)"
    let (alice, bob, carol) = (Person("alice"), Person("bob"), Person("carol"))
    defer { [alice, bob, carol].forEach { $0.cleanUp() } }
    for person in [alice, bob, carol] {
      let passwordFile = person.config + ".pw"
      try FileManager.default.createDirectory(atPath: person.config, withIntermediateDirectories: true)
      try "secret-\(person.name)\n".write(toFile: passwordFile, atomically: true, encoding: .utf8)
      defer { try? FileManager.default.removeItem(atPath: passwordFile) }
      let login = try person.run(
        "account", "login", "--server", server, "--user", person.name, "--password-file", passwordFile)
      #expect(login.status == 0, "\(login.stderr)")
      let file = person.config + "/reminders/account.json"
      let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
      #expect(mode == 0o600)
    }
    // A password on the command line is refused: `ps` would show it.
    let exposed = try carol.run(
      "account", "login", "--server", "postgresql://carol:secret-carol@127.0.0.1:\(cluster.port)/\(database)",
      "--user", "carol")
    #expect(exposed.status == 2 && exposed.stderr.contains("ps"))

    _ = try alice.succeed("seed")
    _ = try alice.succeed("sync")
    #expect(
      try alice.succeed("share", "Family", "--with", "bob", "--read-only").contains("Shared Family with bob"))
    #expect(try alice.succeed("lists").contains("⇄ with bob (invited)\n"))
    let pending = try bob.succeed("shares", "--json")
    let shareID = try #require(
      (try JSONSerialization.jsonObject(with: Data(pending.utf8)) as? [[String: Any]])?.first?["shareID"]
        as? String)
    #expect(try bob.succeed("accept", shareID).contains("Joined Family, shared by alice (read-only)"))
    #expect(try bob.lists() == ["Family"])
    let bobsLists = try bob.succeed("lists")
    #expect(bobsLists.contains("⇄ from alice, read-only"), "\(bobsLists)")
    // What alice's `shares` hears from the server, her `lists` shows from then on.
    #expect(try alice.succeed("shares").contains("Family: bob (read-only)\n"))
    #expect(try alice.succeed("lists").contains("⇄ with bob\n"))
    let refused = try bob.run("add", "Sneaky", "--list", "Family")
    #expect(refused.status != 0 && refused.stderr.contains("shared with you read-only"))

    // bob joined already: only his permission changes.
    #expect(
      try alice.succeed("share", "Family", "--with", "bob")
        == "bob takes part in Family already; now read-write\n")
    _ = try bob.succeed("sync")
    _ = try bob.succeed("add", "From bob", "--list", "Family")
    #expect(try bob.succeed("sync").contains("sent 1 change, received 0"))
    let synced = try alice.succeed("sync")
    #expect(synced.contains("sent 0 changes, received 1;"), "\(synced)")
    #expect(try alice.succeed("ls", "--list", "Family").contains("From bob"))
    // For bob, removing the list leaves it: said so, not that its reminders would be deleted.
    let leaving = try bob.run("lists", "rm", "Family")
    #expect(
      leaving.status == 1
        && leaving.stderr.contains("is shared with you by alice: removing it leaves the share")
        && leaving.stderr.contains("(alice keeps them)"), "\(leaving.stderr)")
    // With --yes bob leaves through the server, after sending what he had not sent: alice gets it.
    _ = try bob.succeed("add", "Unsent from bob", "--list", "Family")
    #expect(try bob.succeed("lists", "rm", "Family", "--yes") == "Left “Family”; alice keeps it\n")
    #expect(try bob.lists().isEmpty)
    let noLists = try bob.run("lists")
    #expect(noLists.stdout.isEmpty && noLists.stderr.hasPrefix("No lists yet"), "\(noLists.stderr)")
    _ = try alice.succeed("sync")
    #expect(try alice.succeed("ls", "--list", "Family").contains("Unsent from bob"))

    let token = try alice.succeed("share", "Personal", "--invite", "--read-only")
      .trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(token.count == 64)
    #expect(try carol.succeed("accept", token).contains("Joined Personal"))
    #expect(try carol.lists() == ["Personal"])
    // Used once: not found, as anything that is not there (exit 3).
    #expect(try carol.run("accept", token).status == 3)
    let owned = try alice.succeed("shares")
    #expect(owned.contains("Family: nobody") && owned.contains("Personal: carol (read-only)"), "\(owned)")

    #expect(try alice.succeed("unshare", "Family").contains("Stopped sharing “Family”; you keep it"))
    _ = try bob.succeed("sync")
    #expect(try bob.lists().isEmpty)
    #expect(try alice.lists() == ["Business", "Family", "Personal"])
    // carol may only read Personal: removing it leaves it through the server, alice keeps it.
    #expect(try carol.succeed("lists", "rm", "Personal", "--yes") == "Left “Personal”; alice keeps it\n")
    #expect(try carol.lists().isEmpty)
    #expect(try alice.lists() == ["Business", "Family", "Personal"])

    // The owner takes one person out; only the owner may.
    _ = try alice.succeed("share", "Business", "--with", "bob")
    let invited = try bob.succeed("shares", "--json")
    let businessID = try #require(
      (try JSONSerialization.jsonObject(with: Data(invited.utf8)) as? [[String: Any]])?
        .first { $0["list"] as? String == "Business" }?["shareID"] as? String)
    _ = try bob.succeed("accept", businessID)
    #expect(try bob.lists() == ["Business"])
    // Deleting a list alice shares asks first, saying who loses it.
    let deleting = try alice.run("lists", "rm", "Business")
    #expect(
      deleting.status == 1
        && deleting.stderr.contains(
          "; it is shared: the people you share it with lose it too; add --yes to delete it"),
      "\(deleting.stderr)")
    #expect(try bob.run("unshare", "Business", "--user", "alice").stderr.contains("only the owner"))
    #expect(
      try alice.succeed("unshare", "Business", "--user", "bob").contains("bob no longer shares “Business”"))
    _ = try bob.succeed("sync")
    #expect(try bob.lists().isEmpty)

    #expect(try alice.succeed("account", "logout", "--delete-local-data").contains("Logged out"))
    #expect(try alice.lists().isEmpty)
    #expect(try alice.succeed("account", "status").contains("Not logged in"))
    #expect(try alice.succeed("account", "logout", "--keep-local-data") == "Not logged in.\n")
  }

  /// Logging out with --delete-local-data sends what waits first; when the server will not take
  /// it, nothing is deleted unless the user says so.
  @Test func logoutSendsUnsentChangesOrKeepsThem() async throws {
    let cluster = try await PostgresCluster.start()
    let database = try cluster.makeDatabase()
    let server = "postgresql://127.0.0.1:\(cluster.port)/\(database)"
    let admin = cluster.url(user: cluster.superuser, database: database)
    let user = "u" + UUID().uuidString.prefix(8).lowercased()
    let (device, other) = (Person(user), Person(user))
    defer { [device, other].forEach { $0.cleanUp() } }
    // Installed already: init changes nothing, and says nothing on standard error.
    let again = try device.run("server", "init", "--url", admin)
    #expect(again.status == 0 && again.stderr.isEmpty, "\(again.stderr)")
    let passwordFile = device.config + ".pw"
    try FileManager.default.createDirectory(atPath: device.config, withIntermediateDirectories: true)
    try "secret\n".write(toFile: passwordFile, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: passwordFile) }
    _ = try device.succeed("server", "add-user", user, "--url", admin, "--password-file", passwordFile)
    _ = try device.succeed(
      "account", "login", "--server", server, "--user", user, "--password-file", passwordFile)
    // The password may come through a pipe too ("-" is the standard input).
    let piped = try other.run(
      "account", "login", "--server", server, "--user", user, "--password-file", "-", input: "secret\n")
    #expect(piped.status == 0, "\(piped.stderr)")
    _ = try device.succeed("seed")
    _ = try device.succeed("sync")
    // The same server written another way is the same account: nothing leaves the device, and
    // nothing is fetched again.
    let sameServer = try device.succeed(
      "account", "login", "--server", server.replacingOccurrences(of: "127.0.0.1", with: "localhost"),
      "--user",
      user, "--password-file", passwordFile)
    #expect(!sameServer.contains("leave this device"), "\(sameServer)")
    #expect(try device.succeed("sync").contains("received 0;"))

    // Sent first, then deleted: the other device gets the change.
    _ = try device.succeed("add", "Sent on the way out", "--list", "Family")
    let logout = try device.succeed("account", "logout", "--delete-local-data")
    #expect(logout.contains("Sent this device's last changes") && logout.contains("Logged out"))
    _ = try other.succeed("sync")
    #expect(try other.succeed("ls", "--list", "Family").contains("Sent on the way out"))

    // The server refuses the login: the change that waits is not deleted with the data.
    _ = try device.succeed(
      "account", "login", "--server", server, "--user", user, "--password-file", passwordFile)
    _ = try device.succeed("sync")
    _ = try device.succeed("add", "Never sent", "--list", "Family")
    #expect(try device.succeed("account", "status").contains("Server: reachable, signed in as \(user)\n"))
    // A user who is not the server's administrator cannot add users, and is told whom to ask.
    let notAdmin = try device.run(
      "server", "add-user", "zed" + user, "--url",
      "postgresql://\(user):secret@127.0.0.1:\(cluster.port)/\(database)",
      "--password-file", passwordFile)
    #expect(
      notAdmin.status == 1 && notAdmin.stderr.contains("connect as the database's owner"),
      "\(notAdmin.stderr)")
    // A database name the server does not have is not "could not reach the server".
    let misspelt = try device.run(
      "account", "login", "--server", server + "x", "--user", user, "--password-file", passwordFile)
    #expect(
      misspelt.status == 1 && misspelt.stderr.contains("the server has no such database"),
      "\(misspelt.stderr)")
    try cluster.administer("ALTER ROLE \(user) NOLOGIN", in: database)
    let turnedOff = try device.run(
      "account", "login", "--server", server, "--user", user, "--password-file", passwordFile)
    #expect(
      turnedOff.status == 1 && turnedOff.stderr.contains("this user's account is turned off on the server"),
      "\(turnedOff.stderr)")
    #expect(try device.succeed("account", "status").contains("The account is turned off on the server"))
    // A login of the server's that was never made a sync user.
    let plain = "p" + String(user.dropFirst())
    try cluster.administer("CREATE ROLE \(plain) LOGIN PASSWORD 'secret'", in: database)
    let notSyncUser = try device.run(
      "account", "login", "--server", server, "--user", plain, "--password-file", passwordFile)
    #expect(
      notSyncUser.status == 1 && notSyncUser.stderr.contains("not as a sync user")
        && notSyncUser.stderr.contains("server add-user"), "\(notSyncUser.stderr)")
    let refused = try device.run("account", "logout", "--delete-local-data")
    #expect(refused.status == 1, "\(refused.stderr)")
    #expect(
      refused.stderr.contains("1 change on this device could not be sent")
        && refused.stderr.contains("--discard-unsent"))
    #expect(try device.succeed("ls", "--list", "Family").contains("Never sent"))
    // Turned off, the account is not told to log in again: that would not help.
    let status = try device.succeed("account", "status")
    #expect(
      status.contains("Account: \(user)") && status.contains("ask its administrator.\n")
        && !status.contains("Log in again") && status.contains("This database: 1 change waiting to be sent"),
      "\(status)")
    // Nor does logging in as someone else leave it unsent: refused, the login unchanged.
    let someoneElse = "v" + String(user.dropFirst())
    _ = try device.succeed("server", "add-user", someoneElse, "--url", admin, "--password-file", passwordFile)
    let switching = try device.run(
      "account", "login", "--server", server, "--user", someoneElse, "--password-file", passwordFile)
    #expect(
      switching.status == 1 && switching.stderr.contains("would leave it unsent"), "\(switching.stderr)")
    #expect(try device.succeed("account", "status").contains("Account: \(user)"))
    // Said twice, it is deleted.
    #expect(
      try device.succeed("account", "logout", "--delete-local-data", "--discard-unsent").contains(
        "Logged out"))
    #expect(try device.lists().isEmpty)
    // Logged out with the data kept, a change made then is still that account's: someone else's
    // login is refused, and says whose it is.
    try cluster.administer("ALTER ROLE \(user) LOGIN", in: database)
    _ = try device.succeed(
      "account", "login", "--server", server, "--user", user, "--password-file", passwordFile)
    _ = try device.succeed("sync")
    _ = try device.succeed("add", "Made before logging out", "--list", "Family")
    #expect(try device.run("account", "logout", "--keep-local-data", "--discard-unsent").status == 2)
    let kept = try device.succeed("account", "logout", "--keep-local-data")
    #expect(
      kept.contains(
        "1 change not sent yet stays on this device, and goes to the server when this account logs in again"),
      "\(kept)")
    _ = try device.succeed("add", "Made while logged out", "--list", "Family")
    let afterLogout = try device.run(
      "account", "login", "--server", server, "--user", someoneElse, "--password-file", passwordFile)
    #expect(afterLogout.status == 1, "\(afterLogout.stdout)")
    #expect(
      afterLogout.stderr.contains("could not be sent to \(user) (nobody is logged in)")
        && afterLogout.stderr.contains("Log in as \(user)"), "\(afterLogout.stderr)")
    #expect(try device.succeed("account", "status").contains("Not logged in"))
  }

  /// Logging in to another account sends what waits to the account logged in so far first;
  /// the switch then brings the other account's data, and nothing is lost.
  @Test func loginToAnotherAccountSendsWhatWaitsFirst() async throws {
    let cluster = try await PostgresCluster.start()
    let (first, second) = (try cluster.makeDatabase(), try cluster.makeDatabase())
    let user = "u" + UUID().uuidString.prefix(8).lowercased()
    let (device, other) = (Person(user), Person(user))
    defer { [device, other].forEach { $0.cleanUp() } }
    let passwordFile = device.config + ".pw"
    try FileManager.default.createDirectory(atPath: device.config, withIntermediateDirectories: true)
    try "secret\n".write(toFile: passwordFile, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: passwordFile) }
    func server(_ database: String) -> String { "postgresql://127.0.0.1:\(cluster.port)/\(database)" }
    for database in [first, second] {
      _ = try device.succeed(
        "server", "add-user", user, "--url", cluster.url(user: cluster.superuser, database: database),
        "--password-file", passwordFile)
    }
    for person in [device, other] {
      _ = try person.succeed(
        "account", "login", "--server", server(first), "--user", user, "--password-file", passwordFile)
    }
    _ = try device.succeed("seed")
    _ = try device.succeed("sync")
    _ = try device.succeed("add", "Made before switching", "--list", "Family")
    let switched = try device.succeed(
      "account", "login", "--server", server(second), "--user", user, "--password-file", passwordFile)
    #expect(switched.contains("leave this device at the next sync"), "\(switched)")
    _ = try other.succeed("sync")
    #expect(try other.succeed("ls", "--list", "Family").contains("Made before switching"))
    // The second account has nothing yet: the switch empties the synced data of the first.
    _ = try device.succeed("sync")
    #expect(try device.lists().isEmpty)
  }
}
