import Foundation
import SQLiteData
import Synchronization

/// A server wrapper that misbehaves on purpose, deterministically: small pages, pages and
/// batches delivered twice, replies lost after the server committed, and a crash between pages.
final class FaultyCloudDatabase: CloudDatabase {
  struct Faults {
    var pageLimit: Int?
    /// Each page is delivered, then delivered again on the next request.
    var duplicatePages = false
    /// Each batch is sent twice under its id; the second reply is returned.
    var duplicateBatches = false
    /// The next this many batches are committed by the server but their replies are lost.
    var lostReplies = 0
    /// After this many pages, fetching fails as a crash would end it.
    var failAfterPages: Int?
  }

  struct InjectedCrash: Error {}

  let base: any CloudDatabase
  let faults: Mutex<Faults>
  let sentBatches = Mutex<[UUID]>([])
  /// Batches at the server at once: now, and the most seen.
  let batchesAtOnce = Mutex<(now: Int, most: Int)>((0, 0))
  private let lastPage = Mutex<ZoneChanges?>(nil)
  private let pagesDelivered = Mutex(0)

  init(_ base: any CloudDatabase, faults: Faults = Faults()) {
    self.base = base
    self.faults = Mutex(faults)
  }

  func account() async throws -> CloudAccount { try await base.account() }

  func modifyRecords(batchID: UUID, saves: [RecordSave], deletes: [RecordDelete]) async throws
    -> [RecordResult]
  {
    sentBatches.withLock { $0.append(batchID) }
    batchesAtOnce.withLock {
      $0.now += 1
      $0.most = max($0.most, $0.now)
    }
    defer { batchesAtOnce.withLock { $0.now -= 1 } }
    let faults = faults.withLock { $0 }
    var results = try await base.modifyRecords(batchID: batchID, saves: saves, deletes: deletes)
    if faults.duplicateBatches {
      let again = try await base.modifyRecords(batchID: batchID, saves: saves, deletes: deletes)
      precondition(again == results, "a repeated batch must get the same reply")
      results = again
    }
    let loseReply = self.faults.withLock { faults in
      guard faults.lostReplies > 0 else { return false }
      faults.lostReplies -= 1
      return true
    }
    if loseReply { throw CloudError.unavailable("the reply was lost") }
    return results
  }

  func fetchDatabaseChanges(since token: Int64) async throws -> CloudDatabaseChanges {
    try await base.fetchDatabaseChanges(since: token)
  }

  func fetchZoneChanges(_ zone: ZoneID, since version: Int64, limit: Int) async throws -> ZoneChanges {
    let faults = faults.withLock { $0 }
    if let failAfter = faults.failAfterPages, pagesDelivered.withLock({ $0 }) >= failAfter {
      throw InjectedCrash()
    }
    if faults.duplicatePages,
      let previous = lastPage.withLock({ page in
        defer { page = nil }; return page
      })
    {
      return previous
    }
    let page = try await base.fetchZoneChanges(zone, since: version, limit: faults.pageLimit ?? limit)
    pagesDelivered.withLock { $0 += 1 }
    if faults.duplicatePages { lastPage.withLock { $0 = page } }
    return page
  }

  func fetchRecords(_ ids: [RecordID]) async throws -> [ServerRecord] { try await base.fetchRecords(ids) }

  func changeNotifications() -> AsyncStream<Void> { base.changeNotifications() }

  // Sharing passes through untouched.
  func shareRoot(_ root: RecordID, title: String?) async throws -> CKShare {
    try await base.shareRoot(root, title: title)
  }
  func shares() async throws -> [CKShare] { try await base.shares() }
  func addParticipant(_ user: String, permission: CKShare.Permission, to shareID: String) async throws
    -> CKShare
  {
    try await base.addParticipant(user, permission: permission, to: shareID)
  }
  func createInvitation(to shareID: String, permission: CKShare.Permission) async throws -> String {
    try await base.createInvitation(to: shareID, permission: permission)
  }
  func acceptShare(_ metadata: CKShare.Metadata) async throws -> CKShare {
    try await base.acceptShare(metadata)
  }
  func removeParticipant(_ user: String, from shareID: String) async throws {
    try await base.removeParticipant(user, from: shareID)
  }
  func stopSharing(_ shareID: String) async throws { try await base.stopSharing(shareID) }
}
