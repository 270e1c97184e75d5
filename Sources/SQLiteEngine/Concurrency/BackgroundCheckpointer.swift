import CSQLite
import Dispatch
import Synchronization

/// Copies a pool's write-ahead log into the database file on a connection of its own, on a
/// background queue. Left to itself, SQLite does it inside the commit that takes the log past
/// 1000 pages, and that commit waits while the pages are copied and synced: hundreds of
/// milliseconds on a large file, a stall for whoever saved. The checkpoint is passive: it never
/// waits for readers or writers, and what it cannot copy yet, a later commit asks for again.
///
/// The log restarts from its beginning only when a write begins after a checkpoint copied all of
/// it; commits made back to back never leave that moment. So past `limit` pages, the commit
/// checkpoints in place as SQLite would, and the log stays bounded.
final class BackgroundCheckpointer: Sendable {
  /// The log's size, in pages, from which a commit asks for a checkpoint (SQLite's own default).
  static let threshold: Int32 = 1000
  /// The log's size, in pages, from which a commit checkpoints before it returns.
  static let limit: Int32 = 4 * threshold

  private let path: String
  private let configuration: Configuration
  private let label: String
  private let queue = DispatchQueue(label: "SQLiteData.checkpointer", qos: .utility)
  private let isPending = Atomic<Bool>(false)
  /// Opened on first use, and used on `queue` only (the lock is never waited on).
  private let connection = Mutex<Database?>(nil)

  init(path: String, configuration: Configuration, label: String) {
    self.path = path
    self.configuration = configuration
    self.label = label
  }

  /// Takes over the checkpoints of `writer`, which SQLite then no longer runs itself.
  func install(on writer: Database) {
    let context = Unmanaged.passUnretained(self).toOpaque()
    sqlite3_wal_hook(
      writer.sqliteConnection,
      { context, connection, _, pages in
        guard pages >= BackgroundCheckpointer.threshold, let context else { return SQLITE_OK }
        let checkpointer = Unmanaged<BackgroundCheckpointer>.fromOpaque(context).takeUnretainedValue()
        if pages >= BackgroundCheckpointer.limit {
          // The background checkpoint holds SQLite's checkpoint lock while it runs: wait for it,
          // then copy the rest here.
          checkpointer.waitForCheckpoint()
          sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
        } else {
          checkpointer.checkpointSoon()
        }
        return SQLITE_OK
      }, context)
  }

  /// Runs one checkpoint after the current commit, unless one is already on its way.
  private func checkpointSoon() {
    guard !isPending.exchange(true, ordering: .acquiringAndReleasing) else { return }
    queue.async { [self] in
      defer { isPending.store(false, ordering: .releasing) }
      connection.withLock { connection in
        do {
          if connection == nil {
            connection = try Database(
              path: path, configuration: configuration, description: "\(label).checkpointer")
          }
          try connection?.execute(sql: "PRAGMA wal_checkpoint(PASSIVE)")
        } catch {
          // The database may be busy or closing: the next commit past the threshold tries again.
        }
      }
    }
  }

  /// Returns once the background checkpoint in progress, if any, has ended.
  private func waitForCheckpoint() {
    queue.sync {}
  }

  /// Waits for a checkpoint in progress and closes the connection.
  func close() {
    queue.sync {
      connection.withLock { connection in
        connection?.close()
        connection = nil
      }
    }
  }
}
