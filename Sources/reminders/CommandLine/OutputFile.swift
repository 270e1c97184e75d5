import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a command's output to a file the user names, as the shell's `>` would, but without ever
/// leaving a half-written file in place of a good one:
/// - a new file, or a regular file this user owns, is replaced whole: the data goes to a temporary
///   file next to it, which takes the old file's permissions and is then renamed over it;
/// - a link is followed, and what it points to is written by these rules;
/// - a device, a pipe or a socket (`/dev/stdout`, a FIFO) is written into, never replaced;
/// - a file someone else owns is written into if this user may write it (its owner and
///   permissions stay), and refused otherwise, as a file nobody may write is.
enum OutputFile {
  /// Writes `data` to `path`; the error says why it could not, in the system's words.
  static func write(_ data: Data, to path: String) throws(SystemError) {
    let path = try followingLinks(path)
    var status = stat()
    guard lstat(path, &status) == 0 else {
      guard errno == ENOENT else { throw SystemError(errno: errno) }
      return try replace(path, with: data, mode: nil)
    }
    switch status.st_mode & S_IFMT {
    case S_IFDIR: throw SystemError(errno: EISDIR)
    case S_IFREG:
      guard access(path, W_OK) == 0 else { throw SystemError(errno: errno) }
      if status.st_uid == geteuid() {
        return try replace(path, with: data, mode: status.st_mode & 0o7777)
      }
      try writeInPlace(data, to: path)
    default:
      try writeInPlace(data, to: path)
    }
  }

  /// The file `path` names once every link on the way is followed, so that a link stays a link.
  /// A link to nothing yet names the file it would make.
  private static func followingLinks(_ path: String) throws(SystemError) -> String {
    var path = path
    // As many links as the system itself follows before it gives up with ELOOP.
    for _ in 0..<40 {
      guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else { return path }
      path =
        target.hasPrefix("/")
        ? target : ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(target)
    }
    throw SystemError(errno: ELOOP)
  }

  /// Writes `data` to a temporary file in `path`'s folder, gives it `mode` (or the mode a new
  /// file gets), and renames it to `path`. A folder where no file can be made gets `path` written
  /// in place.
  private static func replace(_ path: String, with data: Data, mode: mode_t?) throws(SystemError) {
    let folder = (path as NSString).deletingLastPathComponent
    var template = Array(((folder.isEmpty ? "." : folder) + "/.reminders-export-XXXXXX").utf8CString)
    let descriptor = mkstemp(&template)
    guard descriptor >= 0 else {
      let error = errno
      // The file may still be written where it is, as the shell would.
      if mode != nil, error == EACCES || error == EROFS { return try writeInPlace(data, to: path) }
      throw SystemError(errno: error)
    }
    let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    do throws(SystemError) {
      defer { close(descriptor) }
      try writeAll(data, to: descriptor)
      // mkstemp makes the file private (0600): a new file gets what the umask allows, as `>` does.
      let mask = umask(0)
      umask(mask)
      guard fchmod(descriptor, mode ?? (0o666 & ~mask)) == 0, fsync(descriptor) == 0 else {
        throw SystemError(errno: errno)
      }
      guard rename(temporary, path) == 0 else { throw SystemError(errno: errno) }
    } catch {
      unlink(temporary)
      throw error
    }
  }

  /// Opens `path` for writing, empties it, and writes `data` into it.
  private static func writeInPlace(_ data: Data, to path: String) throws(SystemError) {
    let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
    guard descriptor >= 0 else { throw SystemError(errno: errno) }
    defer { close(descriptor) }
    try writeAll(data, to: descriptor)
  }

  private static func writeAll(_ data: Data, to descriptor: Int32) throws(SystemError) {
    let failure = data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> SystemError? in
      do throws(SystemError) {
        try write(bytes, to: descriptor)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }

  /// Writes every byte of `bytes` to `descriptor`, however many calls it takes.
  static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws(SystemError) {
    var offset = 0
    while offset < bytes.count {
      let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        throw SystemError(errno: errno)
      }
      offset += written
    }
  }
}
