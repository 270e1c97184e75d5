extension Database {
  /// Runs the set-up that waits for this connection's next write, in the order it was asked for.
  /// One that fails stays waiting, with those after it, and the write fails with its error.
  func runWritePreparations() throws {
    while let preparation = writePreparations.first {
      try preparation(self)
      writePreparations.removeFirst()
    }
  }
}

extension DatabaseWriter {
  /// Runs `preparation` on the writing connection just before its next write (`write`,
  /// `writeWithoutTransaction`), once: for set-up only writes need, such as temporary triggers
  /// and the functions they call, so that a process that only reads never pays for it and opening
  /// the database stays quick. It runs before the write's transaction begins.
  ///
  ///     pool.prepareBeforeWriting { db in
  ///       try db.execute(sql: "CREATE TEMP TRIGGER IF NOT EXISTS …")
  ///     }
  public func prepareBeforeWriting(_ preparation: @escaping @Sendable (Database) throws -> Void) {
    withWriterConnection { $0.writePreparations.append(preparation) }
  }
}
