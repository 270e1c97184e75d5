import Foundation
import Synchronization

/// Reports a programming mistake that the program can survive: printed on standard error, once
/// per message, so that it is seen without crashing the program.
public func reportIssue(_ message: String, fileID: StaticString = #fileID, line: UInt = #line) {
  guard IssueLog.shared.firstTime(message) else { return }
  FileHandle.standardError.write(Data("SQLiteData: \(message) (\(fileID):\(line))\n".utf8))
}

/// Runs `body`, reporting any error it throws instead of propagating it.
public func withErrorReporting<R>(
  _ message: String? = nil, fileID: StaticString = #fileID, line: UInt = #line, _ body: () throws -> R
) -> R? {
  do {
    return try body()
  } catch {
    reportIssue((message.map { "\($0): " } ?? "") + "\(error)", fileID: fileID, line: line)
    return nil
  }
}

/// The same, for asynchronous work. The body runs on the caller's actor, so a `@MainActor`
/// model can report the errors of its own work.
public func withErrorReporting<R>(
  _ message: String? = nil, fileID: StaticString = #fileID, line: UInt = #line,
  isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> sending R
) async -> sending R? {
  do {
    return try await body()
  } catch {
    reportIssue((message.map { "\($0): " } ?? "") + "\(error)", fileID: fileID, line: line)
    return nil
  }
}

final class IssueLog: Sendable {
  static let shared = IssueLog()
  private let reported = Mutex<Set<String>>([])

  func firstTime(_ message: String) -> Bool { reported.withLock { $0.insert(message).inserted } }
}
