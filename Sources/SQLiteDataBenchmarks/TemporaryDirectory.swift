import Foundation

/// A directory of scratch database files, removed with everything in it on `deinit`.
final class TemporaryDirectory {
  let path: String

  init() throws {
    path = NSTemporaryDirectory() + "sqlitedata-bench-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// The path of a database file named `name`, with any previous file of that name deleted along
  /// with its journal and WAL files, so that the next open creates it afresh.
  func freshDatabasePath(named name: String) throws -> String {
    let file = path + "/" + name
    let fileManager = FileManager.default
    for suffix in ["", "-journal", "-wal", "-shm"] {
      let companion = file + suffix
      if fileManager.fileExists(atPath: companion) { try fileManager.removeItem(atPath: companion) }
    }
    return file
  }
}
