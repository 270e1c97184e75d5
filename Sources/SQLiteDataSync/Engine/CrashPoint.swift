import Foundation

/// Named moments of a sync at which a test kills the process, to show that what is durable at
/// each is enough to finish after a restart from the same files. A debug build stops with SIGKILL
/// (no handler, no cleanup, as a power cut or the OOM killer stops it) at the point named by
/// `SQLITEDATA_SYNC_CRASH_POINT`; a release build has no crash points.
enum CrashPoint: String, CaseIterable {
  /// A batch is stored on this device and not yet sent.
  case batchStored = "batch-stored"
  /// The server committed a batch; this device has not recorded the acknowledgement.
  case batchCommittedOnServer = "batch-committed-on-server"
  /// A fetched page and its token are committed here; the next page may be on its way.
  case pageApplied = "page-applied"

  func reached() {
    #if DEBUG
      if Self.armed == self { kill(getpid(), SIGKILL) }
    #endif
  }

  #if DEBUG
    static let environmentVariable = "SQLITEDATA_SYNC_CRASH_POINT"
    private static let armed = ProcessInfo.processInfo.environment[environmentVariable].flatMap(Self.init)
  #endif
}
