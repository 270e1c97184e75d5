import Foundation
import PostgresTestSupport
import TerminalUI
import TerminalUITestSupport
import Testing

/// Sync and sharing as people use them: the real `reminders` binary in three pseudo-terminals,
/// against a PostgreSQL server of the test's own. alice has two machines (A1, A2), bob one (B1);
/// each machine is a database and a config folder of its own. Every change reaches the other
/// screens with no key press and no manual sync.
@Suite(
  "Sharing in pseudo-terminals",
  .enabled(
    if: TmuxSession.isAvailable && TmuxSession.executable(named: "reminders") != nil,
    "needs tmux and reminders"))
struct SharingEndToEndTests {
  let reminders = TmuxSession.executable(named: "reminders") ?? ""
  /// Long enough for a sync round on a loaded machine; a broken build waits this long and fails.
  let syncTimeout: Duration = .seconds(60)

  struct Machine {
    let session: TmuxSession
    let user: String
    var database: String { session.path("reminders.sqlite") }
    var config: String { session.path("config") }
  }

  private func machine(_ user: String, server: String) throws -> Machine {
    let machine = Machine(session: try TmuxSession(width: 100, height: 30), user: user)
    try "secret-\(user)\n".write(toFile: machine.session.path("password"), atomically: true, encoding: .utf8)
    try command(
      machine, "account", "login", "--server", server, "--user", user, "--password-file",
      machine.session.path("password"))
    return machine
  }

  /// Runs a command of `machine`'s user on its database, from another process.
  @discardableResult
  private func command(_ machine: Machine, _ arguments: String...) throws -> String {
    try Subprocess.runChecked(
      [
        "/usr/bin/env", "XDG_CONFIG_HOME=\(machine.config)", "NO_COLOR=1", reminders, "--db",
        machine.database,
      ]
        + arguments)
  }

  private func launch(_ machine: Machine) throws {
    let script = """
      export XDG_CONFIG_HOME=\(machine.config) SWIFT_BACKTRACE=interactive=no
      \(reminders) --db \(machine.database) 2> \(machine.session.path("stderr"))

      """
    try script.write(toFile: machine.session.path("launch.sh"), atomically: true, encoding: .utf8)
    try machine.session.run("bash \(machine.session.path("launch.sh"))")
    try machine.session.waitForScreen { $0.first?.hasPrefix("┌─ Reminders ") == true }
  }

  /// The lists in the sidebar, by title.
  private func lists(_ screen: [String]) -> [String] {
    screen.filter { $0.hasPrefix("│ ● ") }.map {
      String($0.dropFirst(4).prefix(28)).components(separatedBy: "  ")[0]
    }
  }

  /// The line of the share dialog that names `user`.
  private func participant(_ screen: [String], _ user: String) -> String? {
    screen.first { $0.contains("│ ▸ \(user) ") || $0.contains("│   \(user) ") }
  }

  @Test func aliceSharesFamilyWithBobWhoSeesItLiveThenLosesIt() async throws {
    let cluster = try await PostgresCluster.start()
    let server = "postgresql://127.0.0.1:\(cluster.port)/\(try cluster.makeDatabase())"
    let a1 = try machine("alice", server: server)
    let a2 = try machine("alice", server: server)
    let b1 = try machine("bob", server: server)

    // alice fills A1; A2 gets the same lists and counts by itself.
    try launch(a1)
    try a1.session.send("S")
    try a1.session.waitForScreen { sidebarRow($0, "Family").hasSuffix("2 │") }
    try launch(a2)
    var screen = try a2.session.waitForScreen(timeout: syncTimeout) {
      sidebarRow($0, "Family").hasSuffix("2 │") && sidebarRow($0, "All").hasSuffix("8 │")
    }
    #expect(lists(screen) == ["Personal", "Family", "Business"])
    #expect(sidebarRow(screen, "All") == "│ ▤ All                      8 │")

    // alice shares Family read-only; bob joins it from the app and sees exactly that list.
    try launch(b1)
    try command(a1, "share", "Family", "--with", "bob", "--read-only")
    try b1.session.send("P")
    screen = try b1.session.waitForScreen(timeout: syncTimeout) {
      $0.contains { $0.contains("▸ Family, shared by alice (read-only)") }
    }
    #expect(screen.contains { $0.contains("▸ Family, shared by alice (read-only)") })
    #expect(screen.contains { $0.contains("─ Join a shared list ") })
    try b1.session.send("Enter")
    screen = try b1.session.waitForScreen(timeout: syncTimeout) {
      $0.contains { $0.contains("Joined Family, shared by alice (read-only)") }
    }
    #expect(screen.contains { $0.contains("Joined Family, shared by alice (read-only)") })
    screen = try b1.session.waitForScreen(timeout: syncTimeout) {
      sidebarRow($0, "Family").hasSuffix("ro ⇄ 2 │")
    }
    #expect(lists(screen) == ["Family"])
    // Under its owner's name, marked shared and read-only.
    #expect(screen.contains { $0.hasPrefix("│ From alice ") })
    #expect(sidebarRow(screen, "Family") == "│ ● Family              ro ⇄ 2 │")

    // bob's addition to the read-only list is refused on screen, and nothing changes.
    try b1.session.send("n")
    try b1.session.send("Sneaky @Family", literal: true)
    try b1.session.send("Enter")
    screen = try b1.session.waitForScreen { $0.contains { $0.contains("shared with you read-only") } }
    #expect(screen.contains { $0.contains("shared with you read-only") })
    #expect(sidebarRow(screen, "Family").hasSuffix("2 │"))
    // The refusal stays until the line is cancelled: Esc takes both.
    try b1.session.send("Escape")
    screen = try b1.session.waitForScreen { !$0.contains { $0.hasPrefix("New ") } }
    #expect(!screen.contains { $0.hasPrefix("New ") })
    // Editing a reminder there is refused before the form opens.
    try b1.session.send("j", "j", "j", "j", "j", "Enter")
    try b1.session.waitForScreen { $0.contains { $0.contains("─ Family ") } }
    try b1.session.send("e")
    screen = try b1.session.waitForScreen { $0.last?.contains("shared with you read-only") == true }
    #expect(screen.last?.contains("shared with you read-only") == true, "\(screen.joined(separator: "\n"))")
    #expect(!screen.contains { $0.contains("─ Edit Reminder ") })
    try b1.session.send("Escape")

    // alice opens Family on A1 and, in its share dialog, lets bob write.
    try a1.session.send("j", "j", "j", "j", "j", "j")
    // bob's joining reaches alice's device by sync: the list may show as shared a moment before
    // it names him.
    screen = try a1.session.waitForScreen(timeout: syncTimeout) {
      $0.contains { $0.contains("─ Family ") } && $0.contains { $0.contains("Shared with bob") }
    }
    #expect(screen.contains { $0.contains("Shared with bob") })
    try a1.session.send("p")
    screen = try a1.session.waitForScreen { participant($0, "bob")?.contains("joined") == true }
    #expect(participant(screen, "bob")?.contains("read-only") == true)
    try a1.session.send("w")
    screen = try a1.session.waitForScreen(timeout: syncTimeout) {
      participant($0, "bob")?.contains("read-write") == true
    }
    try a1.session.send("Escape")
    // bob's app learns it from the server by itself: the list is no longer marked read-only.
    screen = try b1.session.waitForScreen(timeout: syncTimeout) {
      sidebarRow($0, "Family") == "│ ● Family                 ⇄ 2 │"
    }
    #expect(sidebarRow(screen, "Family") == "│ ● Family                 ⇄ 2 │")

    // bob adds a reminder in his app, and it shows on A1 with no key press, marked as his.
    try b1.session.send("n")
    try b1.session.send("From bob @Family", literal: true)
    try b1.session.send("Enter")
    // The count and the write's message can arrive in either order.
    screen = try b1.session.waitForScreen {
      sidebarRow($0, "Family").hasSuffix("3 │") && $0.contains { $0.contains("Added “From bob” to Family") }
    }
    #expect(sidebarRow(screen, "Family").hasSuffix("3 │"))
    screen = try a1.session.waitForScreen(timeout: syncTimeout) {
      $0.contains { $0.contains("From bob") && $0.contains("✎ bob") }
    }
    #expect(sidebarRow(screen, "Family") == "│ ● Family                 ⇄ 3 │")
    #expect(screen.contains { $0.contains("last changed by bob") }, "\(screen.joined(separator: "\n"))")
    // alice's status line says she is in sync.
    screen = try a1.session.waitForScreen(timeout: syncTimeout) { $0.last?.contains("synced") == true }

    // alice stops sharing from the dialog (S twice): Family leaves bob's screen.
    try a1.session.send("p")
    try a1.session.waitForScreen { participant($0, "bob") != nil }
    try a1.session.send("S")
    try a1.session.waitForScreen { $0.contains { $0.contains("Press S again") } }
    try a1.session.send("S")
    screen = try a1.session.waitForScreen(timeout: syncTimeout) {
      $0.contains { $0.contains("Stopped sharing “Family”") }
    }
    screen = try b1.session.waitForScreen(timeout: syncTimeout) { lists($0).isEmpty }
    #expect(lists(screen).isEmpty)
    screen = try a1.session.waitForScreen { sidebarRow($0, "Family") == "│ ● Family                   3 │" }
    #expect(sidebarRow(screen, "Family") == "│ ● Family                   3 │")
    for machine in [a1, a2, b1] { try machine.session.send("q") }
  }

  /// The running app follows the login file: logging out stops sync (what is added waits), logging
  /// in again sends it, and logging in as someone else switches the screen to their lists.
  @Test func theRunningAppFollowsTheLogin() async throws {
    let cluster = try await PostgresCluster.start()
    let server = "postgresql://127.0.0.1:\(cluster.port)/\(try cluster.makeDatabase())"
    let a1 = try machine("alice", server: server)
    let a2 = try machine("alice", server: server)
    try launch(a1)
    try a1.session.send("S")
    var screen = try a1.session.waitForScreen(timeout: syncTimeout) {
      sidebarRow($0, "Family").hasSuffix("2 │") && $0.last?.contains("synced") == true
    }
    #expect(screen.last?.contains("synced") == true)

    try command(a1, "account", "logout", "--keep-local-data")
    try command(a1, "add", "Added while logged out", "--list", "Family")
    screen = try a1.session.waitForScreen(timeout: syncTimeout) {
      $0.last?.contains("not logged in · 1 change waiting") == true
    }
    #expect(
      screen.last?.contains("not logged in · 1 change waiting") == true, "\(screen.joined(separator: "\n"))")
    try command(a2, "sync")
    #expect(try !command(a2, "ls", "--list", "Family").contains("Added while logged out"))

    // Back in: the app sends what waited.
    try command(
      a1, "account", "login", "--server", server, "--user", "alice", "--password-file",
      a1.session.path("password"))
    screen = try a1.session.waitForScreen(timeout: syncTimeout) { $0.last?.contains("synced") == true }
    #expect(screen.last?.contains("synced") == true)
    try command(a2, "sync")
    #expect(try command(a2, "ls", "--list", "Family").contains("Added while logged out"))

    // As bob, who has no lists: alice's leave this screen.
    try "secret-bob\n".write(toFile: a1.session.path("bob-password"), atomically: true, encoding: .utf8)
    try command(
      a1, "account", "login", "--server", server, "--user", "bob", "--password-file",
      a1.session.path("bob-password"))
    screen = try a1.session.waitForScreen(timeout: syncTimeout) { lists($0).isEmpty }
    #expect(lists(screen).isEmpty)
    try a1.session.send("q")
  }
}
