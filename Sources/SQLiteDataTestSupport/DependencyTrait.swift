import SQLiteData
import Testing

/// Runs a test (or every test of a suite) with some dependencies set: each test gets its own
/// values, so a database made in the trait is fresh for every test.
///
///     @Test(.dependency(\.defaultDatabase, try appDatabase()))
///     func feature() { … }
public struct DependencyTrait: TestTrait, SuiteTrait, TestScoping {
  let update: @Sendable (inout DependencyValues) throws -> Void

  public var isRecursive: Bool { true }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    // A suite's own scope (no test case) is not a test: each test in it gets its own values.
    guard testCase != nil || !test.isSuite else { return try await function() }
    try await withDependencies(update) { try await function() }
  }
}

extension Trait where Self == DependencyTrait {
  /// Sets one dependency for the test, computing its value afresh for each test.
  public static func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: @autoclosure @escaping @Sendable () throws -> Value
  ) -> Self {
    DependencyTrait { $0[keyPath: keyPath] = try value() }
  }

  /// Sets several dependencies for the test.
  public static func dependencies(_ update: @escaping @Sendable (inout DependencyValues) throws -> Void)
    -> Self
  {
    DependencyTrait(update: update)
  }
}
