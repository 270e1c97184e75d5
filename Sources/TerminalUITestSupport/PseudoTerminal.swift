import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A pseudo-terminal: a program draws on the slave side as on a terminal, and what it writes is
/// read from the master side.
public final class PseudoTerminal {
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  public let master: Int32
  public let slave: Int32

  /// Written to the slave side after the output being read, which is read up to it: the pty
  /// passes bytes on asynchronously, so an empty master side does not mean that all have arrived,
  /// but the marker arriving does.
  private static let endMarker = Array("<end of output>".utf8)

  public init(width: Int, height: Int) throws {
    var window = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
    var master: Int32 = -1
    var slave: Int32 = -1
    guard openpty(&master, &slave, nil, nil, &window) == 0 else { throw Self.systemCallFailure("openpty") }
    self.master = master
    self.slave = slave
  }

  deinit {
    close(slave)
    close(master)
  }

  /// The bytes written to the slave side while `body` runs. Anything written before that and not
  /// read yet comes first. Reading starts after `body`, so its output must fit in the pty's buffer
  /// (tens of kilobytes; a full 200×60 frame is about 9 KB).
  public func output(during body: () throws -> Void) throws -> [UInt8] {
    try body()
    let marker = Self.endMarker
    guard write(slave, marker, marker.count) == marker.count else { throw Self.systemCallFailure("write") }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while !received.suffix(marker.count).elementsEqual(marker) {
      var request = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&request, 1, 2_000) == 1 else {
        throw Failure(description: "the pseudo-terminal's output stopped short of its end")
      }
      let count = read(master, &buffer, buffer.count)
      guard count > 0 else { throw Self.systemCallFailure("read") }
      received += buffer[..<count]
    }
    return Array(received.dropLast(marker.count))
  }

  static func systemCallFailure(_ call: String) -> Failure {
    Failure(description: "\(call) failed: \(String(cString: strerror(errno)))")
  }
}

/// Points standard input and output at another terminal for the length of a call, then back at
/// the process's own: for code that draws on the standard streams (ncurses).
public final class StandardStreamRedirection {
  private let target: Int32
  private let ownInput: Int32
  private let ownOutput: Int32

  public init(to target: Int32) throws {
    self.target = target
    ownInput = dup(STDIN_FILENO)
    ownOutput = dup(STDOUT_FILENO)
    guard ownInput >= 0, ownOutput >= 0 else { throw PseudoTerminal.systemCallFailure("dup") }
  }

  deinit {
    close(ownInput)
    close(ownOutput)
  }

  public func callAsFunction<T>(_ body: () throws -> T) rethrows -> T {
    // Whatever C's buffered output holds goes where it was written for, before each switch.
    fflush(nil)
    dup2(target, STDIN_FILENO)
    dup2(target, STDOUT_FILENO)
    defer {
      fflush(nil)
      dup2(ownInput, STDIN_FILENO)
      dup2(ownOutput, STDOUT_FILENO)
    }
    return try body()
  }
}
