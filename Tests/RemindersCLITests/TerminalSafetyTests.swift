import Foundation
import Testing

/// Text from data never reaches the terminal raw: a title holding escape sequences cannot clear
/// the screen or retitle the window, whichever command prints it; `--json` keeps it exact.
@Suite("Terminal safety of what commands print")
struct TerminalSafetyTests {
  let cli = CommandRunner()

  /// Every C0 control but the line break, DEL and the C1 controls.
  static func controls(in text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) }
  }

  static let hostileTitle = "x \u{1B}]0;PWNED\u{07} \u{1B}[2J\u{9B}31m\u{7F}"

  @Test func commandsShowControlCharactersVisibly() throws {
    defer { cli.removeDatabase() }
    let added = try cli.run("add", Self.hostileTitle + " #t\u{1B}[5m")
    #expect(added.status == 0)
    #expect(Self.controls(in: added.stdout).isEmpty)
    #expect(added.stdout.contains("x \u{FFFD}]0;PWNED\u{FFFD} \u{FFFD}[2J\u{FFFD}31m\u{FFFD}"))
    #expect(try cli.run("lists", "add", "List \u{1B}[31mred").status == 0)

    for arguments in [["ls"], ["lists"], ["search", "PWNED"], ["ls", "--tag", "t\u{1B}[5m"]] {
      let output = try cli.run(arguments: arguments)
      #expect(output.status == 0, "\(arguments): \(output.stderr)")
      #expect(!output.stdout.isEmpty)
      #expect(
        Self.controls(in: output.stdout).isEmpty, "\(arguments) printed \(output.stdout.debugDescription)")
    }
    // Errors quote what the user and the data said, escaped too.
    let missing = try cli.run("ls", "--list", "none\u{1B}[2J")
    #expect(missing.status == 3)
    #expect(Self.controls(in: missing.stderr).isEmpty)
    #expect(missing.stderr.contains("List \u{FFFD}[31mred"))
    let done = try cli.run("done", "PWNED")
    #expect(Self.controls(in: done.stdout + done.stderr).isEmpty)

    // Scripts get the exact text, with C1 controls and bidirectional overrides escaped too.
    let json = try cli.reminders()
    #expect(json.first?["title"] as? String == Self.hostileTitle)
    #expect(try cli.run("add", "Bidi \u{202E}gnp.exe\u{202C}").status == 0)
    for arguments in [["ls", "--json"], ["export"], ["ls"], ["export", "--format", "ics"]] {
      let output = try cli.run(arguments: arguments).stdout
      #expect(
        !output.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0 == "\u{202E}" },
        "\(arguments)")
    }
    #expect(try cli.reminders().contains { $0["title"] as? String == "Bidi \u{202E}gnp.exe\u{202C}" })
  }

  @Test func importedFilesAreShownSafelyAndExportedAsValidCalendars() throws {
    defer { cli.removeDatabase() }
    let calendar = """
      BEGIN:VCALENDAR\r
      VERSION:2.0\r
      BEGIN:VTODO\r
      UID:hostile-1\r
      SUMMARY:Pay \u{1B}[2Jrent\r
      DESCRIPTION:\u{1B}]0;PWNED\u{07}\r
      END:VTODO\r
      END:VCALENDAR\r

      """
    let imported = try cli.run(arguments: ["import", "--format", "ics", "-"], input: calendar)
    #expect(imported.status == 0, "\(imported.stderr)")
    let listed = try cli.run("ls")
    #expect(listed.stdout.contains("Pay \u{FFFD}[2Jrent"))
    #expect(Self.controls(in: listed.stdout).isEmpty)
    // RFC 5545 allows no control character but the tab in a text value.
    let exported = try cli.run("export", "--format", "ics")
    #expect(exported.status == 0)
    #expect(Self.controls(in: exported.stdout.replacingOccurrences(of: "\r\n", with: "\n")).isEmpty)
  }
}
