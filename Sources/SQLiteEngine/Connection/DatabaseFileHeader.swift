#if canImport(Glibc)
  import Glibc
#endif

/// The first bytes of a database file, read without opening a connection: they say whether a
/// file is SQLite's, whose it is and how it journals.
public enum DatabaseFileHeader {
  /// The first 100 bytes of the file at `path` (SQLite's header), fewer for a shorter file; nil
  /// when it cannot be read (`errno` says why). Plain system calls: apps read it as they launch.
  public static func read(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var header = [UInt8](repeating: 0, count: 100)
    let count = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 100, 0) }
    guard count >= 0 else { return nil }
    header.removeLast(100 - count)
    return header
  }

  /// Whether the file at `path` is a database in WAL mode: its header's read and write versions
  /// (bytes 18 and 19) are 2. False for a missing, short or unreadable file, and for a `file:` URI.
  static func isInWALMode(_ path: String) -> Bool {
    guard Database.isPlainFilePath(path), let header = read(path), header.count >= 20 else { return false }
    return header[18] == 2 && header[19] == 2
  }
}
