#if canImport(Glibc)
  import Glibc
#endif

/// What the first bytes of a database file say, read without opening a connection.
enum DatabaseFileHeader {
  /// Whether the file at `path` is a database in WAL mode: its header's read and write versions
  /// (bytes 18 and 19) are 2. False for a missing, short or unreadable file, and for a `file:` URI.
  static func isInWALMode(_ path: String) -> Bool {
    guard Database.isPlainFilePath(path) else { return false }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var versions: (UInt8, UInt8) = (0, 0)
    let count = withUnsafeMutableBytes(of: &versions) { pread(descriptor, $0.baseAddress, 2, 18) }
    return count == 2 && versions == (2, 2)
  }
}
