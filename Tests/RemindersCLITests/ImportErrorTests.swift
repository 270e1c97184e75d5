import Foundation
import Testing

/// Files that cannot be imported or written say why, in words about the file.
@Suite("Import and export errors")
struct ImportErrorTests {
  let cli = CommandRunner()

  @Test func foldersMissingAndEmptyFiles() throws {
    defer { cli.removeDatabase() }
    #expect(try cli.run("seed").status == 0)
    let folder = FileManager.default.temporaryDirectory.path
    let cases: [([String], String)] = [
      (["import", folder], "cannot read \(folder): it is a folder, not a file"),
      (["import", folder + "/no-such-file-\(UUID()).json"], "there is no such file"),
      (["export", "-o", folder], "cannot write \(folder): it is a folder; name a file"),
    ]
    for (arguments, message) in cases {
      let output = try cli.run(arguments: arguments)
      #expect(output.status == 1)
      #expect(output.stderr.contains(message), "\(arguments): \(output.stderr)")
      #expect(!output.stderr.contains("NSCocoaErrorDomain"))
    }
    let empty = try cli.run(arguments: ["import", "-"], input: "")
    #expect(empty.status == 1)
    #expect(empty.stderr.contains("standard input is empty"))
  }

  /// An export never overwrites the database it reads, under whatever name it is given.
  @Test func anExportOntoTheDatabaseIsRefused() throws {
    defer { cli.removeDatabase() }
    #expect(try cli.run("seed").status == 0)
    let folder = (cli.databasePath as NSString).deletingLastPathComponent
    let link = folder + "/link.json"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: cli.databasePath)
    for output in [cli.databasePath, link, cli.databasePath + "-wal"] {
      let export = try cli.run("export", "-o", output)
      #expect(export.status == 1)
      #expect(export.stderr.contains("is the database itself"), "\(output): \(export.stderr)")
    }
    #expect(try cli.reminders().count == 8)
  }
}
