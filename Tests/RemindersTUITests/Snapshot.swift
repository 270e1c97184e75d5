import Foundation
import Testing

/// Compares a screen with the text stored in `Snapshots/<name>.txt` beside this file. A missing
/// snapshot (or any, with `RECORD_SNAPSHOTS=1`) is written from the screen, and the test fails
/// so that the new file is looked at before it is trusted.
func expectSnapshot(
  _ screen: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
  let file = folder.appendingPathComponent(name + ".txt")
  let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
  guard !recording, let stored = try? String(contentsOf: file, encoding: .utf8) else {
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try? (screen + "\n").write(to: file, atomically: true, encoding: .utf8)
    Issue.record(
      "Recorded the snapshot \(name); check it and run the test again", sourceLocation: sourceLocation)
    return
  }
  let expected = stored.hasSuffix("\n") ? String(stored.dropLast()) : stored
  #expect(screen == expected, "the screen differs from the snapshot \(name)", sourceLocation: sourceLocation)
}
