extension Database {
  /// Runs `body` and returns, with its result, everything its statements read: the region whose
  /// changes may change the result.
  public func recordingRegion<T>(_ body: () throws -> T) rethrows -> (T, DatabaseRegion) {
    let outer = recordedRegion
    recordedRegion = DatabaseRegion()
    defer {
      if let outer, let inner = recordedRegion {
        recordedRegion = outer.union(inner)
      } else {
        recordedRegion = outer
      }
    }
    let value = try body()
    return (value, recordedRegion ?? DatabaseRegion())
  }
}
