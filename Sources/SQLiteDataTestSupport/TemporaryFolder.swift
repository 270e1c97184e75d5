import Foundation

/// A fresh folder under the system's temporary directory for one test's files, removed with
/// everything in it when the value goes away.
public final class TemporaryFolder: Sendable {
  public let url: URL

  /// `prefix` names the folder, so that one left by a crashed run says which tests made it.
  public init(_ prefix: String = "sqlitedata-tests") throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The path of a file in the folder.
  public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  deinit { try? FileManager.default.removeItem(at: url) }
}
