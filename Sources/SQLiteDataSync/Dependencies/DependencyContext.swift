import Foundation

// Here rather than beside the other dependencies, because the sync engine, below them, starts
// itself only when live.

/// Where the code runs.
public enum DependencyContext: String, Sendable {
  case live
  case test
  case preview

  /// `.test` under `swift test`, `.live` otherwise.
  public static let current: DependencyContext = {
    let environment = ProcessInfo.processInfo.environment
    if environment["SQLITEDATA_CONTEXT"] == "preview" { return .preview }
    let executable = CommandLine.arguments.first ?? ""
    if executable.hasSuffix(".xctest") || environment["XCTestConfigurationFilePath"] != nil
      || environment["SWIFT_TESTING_ENABLED"] != nil
    {
      return .test
    }
    return .live
  }()
}
