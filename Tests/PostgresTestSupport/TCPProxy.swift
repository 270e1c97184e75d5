import Foundation
import Synchronization

/// A loopback TCP proxy between clients and a server, for network faults: it passes bytes
/// through, or refuses and cuts every connection (a server that is down or a cut cable), or
/// swallows everything silently (a partition, which only timeouts detect), or delays replies.
public final class TCPProxy: Sendable {
  public enum Mode: Sendable, Equatable {
    case pass
    /// Connections are refused, and open ones are closed.
    case cut
    /// Bytes in both directions are read and dropped.
    case blackhole
  }

  public let port: Int
  public let upstreamPort: Int
  private let listener: Int32
  private let mode = Mutex<Mode>(.pass)
  private let delayMilliseconds = Atomic<Int>(0)
  private let generation = Atomic<Int>(0)
  private let isClosed = Atomic<Bool>(false)

  public init(upstreamPort: Int) throws {
    self.upstreamPort = upstreamPort
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    self.listener = listener
    var yes: Int32 = 1
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = Self.loopback(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let ok = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, length) == 0 && listen(listener, 64) == 0
          && getsockname(listener, $0, &length) == 0
      }
    }
    guard ok else { throw PostgresCluster.ClusterError("the proxy could not listen on 127.0.0.1") }
    port = Int(UInt16(bigEndian: address.sin_port))
    // The thread holds the proxy weakly, so that the proxy closes when the test lets it go.
    let thread = Thread { [weak self] in
      while let proxy = self, proxy.acceptOne() {}
    }
    thread.start()
  }

  deinit {
    isClosed.store(true, ordering: .relaxed)
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }

  public func set(_ newMode: Mode) {
    mode.withLock { $0 = newMode }
    // Open connections end at once when cut; a blackhole keeps them, silent.
    if newMode == .cut { generation.add(1, ordering: .relaxed) }
  }

  public func setDelay(milliseconds: Int) { delayMilliseconds.store(milliseconds, ordering: .relaxed) }

  private static func loopback(port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    return address
  }

  /// Waits a moment for a connection and relays it; false once the proxy is closed.
  private func acceptOne() -> Bool {
    guard !isClosed.load(ordering: .relaxed) else { return false }
    var descriptor = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, 200) > 0 else { return true }
    let client = accept(listener, nil, nil)
    guard client >= 0 else { return !isClosed.load(ordering: .relaxed) }
    if mode.withLock({ $0 }) == .cut {
      close(client)
      return true
    }
    let thread = Thread { [weak self] in
      guard let self else {
        close(client)
        return
      }
      relay(client)
    }
    thread.start()
    return true
  }

  private func relay(_ client: Int32) {
    let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = Self.loopback(port: upstreamPort)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    defer {
      close(client)
      close(upstream)
    }
    guard connected else { return }
    let startGeneration = generation.load(ordering: .relaxed)
    var descriptors = [
      pollfd(fd: client, events: Int16(POLLIN), revents: 0),
      pollfd(fd: upstream, events: Int16(POLLIN), revents: 0),
    ]
    var buffer = [UInt8](repeating: 0, count: 65536)
    while !isClosed.load(ordering: .relaxed), generation.load(ordering: .relaxed) == startGeneration {
      let ready = poll(&descriptors, 2, 100)
      if ready <= 0 { continue }
      for (index, descriptor) in descriptors.enumerated() where descriptor.revents != 0 {
        let from = descriptor.fd
        let to = index == 0 ? upstream : client
        let count = read(from, &buffer, buffer.count)
        if count <= 0 { return }
        switch mode.withLock({ $0 }) {
        case .cut: return
        case .blackhole: continue
        case .pass:
          let delay = delayMilliseconds.load(ordering: .relaxed)
          if delay > 0, index == 1 { usleep(UInt32(delay) * 1000) }
          var written = 0
          while written < count {
            let result = buffer[written..<count].withUnsafeBytes { write(to, $0.baseAddress, $0.count) }
            if result <= 0 { return }
            written += result
          }
        }
      }
    }
  }
}
