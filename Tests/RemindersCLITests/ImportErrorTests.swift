import Foundation
import Testing

/// Files that cannot be imported or written say why, in words about the file.
@Suite("Import and export errors")
struct ImportErrorTests {
  let cli = CommandRunner()

  @Test func foldersMissingAndEmptyFiles() throws {
    defer { cli.removeDatabase() }
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
}
