import Foundation
import Synchronization

/// A sync server held in memory, with the semantics of the PostgreSQL one: zones with
/// commit-ordered versions, compare-and-set saves, tombstones, reference checks, zones that
/// change all or nothing, and batches that apply once. For tests, previews and demos.
///
///     let server = InMemoryCloudServer()
///     let phone = SyncEngine(for: database, tables: …, cloudDatabase: server.database(for: "alice"))
public final class InMemoryCloudServer: Sendable {
  struct Zone {
    var version: Int64 = 0
    var records: [String: ServerRecord] = [:]
  }

  struct State {
    var zones: [ZoneID: Zone] = [:]
    var batches: [String: [UUID: [RecordResult]]] = [:]
    var listeners: [String: [UUID: AsyncStream<Void>.Continuation]] = [:]
    var isAvailable = true
    var refusedUsers: Set<String> = []
  }

  let serverID: String
  private let state = Mutex(State())

  public init(serverID: String = UUID().uuidString.lowercased()) {
    self.serverID = serverID
  }

  /// The server as one user sees it.
  public func database(for user: String) -> InMemoryCloudDatabase {
    InMemoryCloudDatabase(server: self, user: user)
  }

  /// Whether requests reach the server. Off, every request fails as ``CloudError/unavailable(_:)``,
  /// as when it is down or the network is cut.
  public var isAvailable: Bool {
    get { state.withLock { $0.isAvailable } }
    set { state.withLock { $0.isAvailable = newValue } }
  }

  /// Refuses a user's credentials from now on (a revoked account).
  public func refuse(user: String) { _ = state.withLock { $0.refusedUsers.insert(user) } }

  /// Every record of a zone, tombstones included, by name.
  public func records(in zone: ZoneID) -> [String: ServerRecord] {
    state.withLock { $0.zones[zone]?.records ?? [:] }
  }

  public func version(of zone: ZoneID) -> Int64 {
    state.withLock { $0.zones[zone]?.version ?? 0 }
  }

  // MARK: Requests

  func check(_ user: String) throws {
    try state.withLock { state in
      guard state.isAvailable else { throw CloudError.unavailable("the server is not reachable") }
      guard !state.refusedUsers.contains(user) else {
        throw CloudError.notAuthenticated("the server refused the credentials of '\(user)'")
      }
    }
  }

  func modifyRecords(user: String, batchID: UUID, saves: [RecordSave], deletes: [RecordDelete])
    throws -> [RecordResult]
  {
    try check(user)
    let (results, changedZones) = state.withLock { state -> ([RecordResult], [ZoneID]) in
      if let stored = state.batches[user]?[batchID] { return (stored, []) }
      var results: [RecordResult] = []
      var changed: [ZoneID] = []
      // Zones are applied one at a time on a copy, which replaces the original only when every
      // operation in it succeeded.
      let zoneOrder = (saves.map(\.record.id.zoneID) + deletes.map(\.id.zoneID)).uniqued()
      var resultsByOperation: [Int: RecordResult] = [:]
      for zoneID in zoneOrder {
        var zone = state.zones[zoneID] ?? Zone()
        let exists = state.zones[zoneID] != nil
        guard exists || zoneID.owner == user else {
          for (index, save) in saves.enumerated() where save.record.id.zoneID == zoneID {
            resultsByOperation[index] = RecordResult(id: save.record.id, status: .permissionFailure)
          }
          for (index, delete) in deletes.enumerated() where delete.id.zoneID == zoneID {
            resultsByOperation[saves.count + index] = RecordResult(id: delete.id, status: .deleted)
          }
          continue
        }
        let newVersion = zone.version + 1
        var zoneResults: [Int: RecordResult] = [:]
        var wrote = false
        for (index, save) in saves.enumerated() where save.record.id.zoneID == zoneID {
          let result = Self.apply(save, to: &zone, version: newVersion, user: user)
          if result.status == .saved { wrote = true }
          zoneResults[index] = result
        }
        for (index, delete) in deletes.enumerated() where delete.id.zoneID == zoneID {
          let result = Self.apply(delete, to: &zone, version: newVersion, user: user)
          if result.status == .deleted, result.version == newVersion { wrote = true }
          zoneResults[saves.count + index] = result
        }
        let failed = zoneResults.values.contains { $0.status != .saved && $0.status != .deleted }
        if failed {
          for (index, result) in zoneResults {
            resultsByOperation[index] =
              result.status == .saved || result.status == .deleted
              ? RecordResult(id: result.id, status: .batchRequestFailed) : result
          }
        } else {
          for (index, result) in zoneResults { resultsByOperation[index] = result }
          if wrote {
            zone.version = newVersion
            state.zones[zoneID] = zone
            changed.append(zoneID)
          } else if !exists, zoneID.owner == user, !saves.isEmpty {
            state.zones[zoneID] = zone
          }
        }
      }
      results = (0..<(saves.count + deletes.count)).map { resultsByOperation[$0]! }
      state.batches[user, default: [:]][batchID] = results
      return (results, changed)
    }
    if !changedZones.isEmpty { notify(zones: changedZones) }
    return results
  }

  private static func apply(_ save: RecordSave, to zone: inout Zone, version: Int64, user: String)
    -> RecordResult
  {
    let id = save.record.id
    if let parent = save.record.parent {
      guard let parentRecord = zone.records[parent], !parentRecord.deleted else {
        return RecordResult(id: id, status: .referenceViolation)
      }
    }
    var record = save.record
    record.version = version
    record.deleted = false
    record.deletedStamp = nil
    if let current = zone.records[id.recordName] {
      guard save.baseVersion == current.version else {
        return RecordResult(id: id, status: .serverRecordChanged, serverRecord: current)
      }
    } else if save.baseVersion != nil {
      return RecordResult(id: id, status: .unknownItem)
    }
    zone.records[id.recordName] = record
    return RecordResult(id: id, status: .saved, version: version)
  }

  private static func apply(_ delete: RecordDelete, to zone: inout Zone, version: Int64, user: String)
    -> RecordResult
  {
    let id = delete.id
    guard var current = zone.records[id.recordName], !current.deleted else {
      return RecordResult(id: id, status: .deleted, version: zone.records[id.recordName]?.version)
    }
    if let base = delete.baseVersion, base != current.version {
      return RecordResult(id: id, status: .serverRecordChanged, serverRecord: current)
    }
    if zone.records.values.contains(where: { $0.parent == id.recordName && !$0.deleted }) {
      return RecordResult(id: id, status: .referenceViolation)
    }
    current.deleted = true
    current.deletedStamp = delete.deletedStamp
    current.version = version
    zone.records[id.recordName] = current
    return RecordResult(id: id, status: .deleted, version: version)
  }

  func fetchDatabaseChanges(user: String, since token: Int64) throws -> CloudDatabaseChanges {
    try check(user)
    return state.withLock { state in
      let zones = state.zones.filter { $0.key.owner == user }
        .map { CloudDatabaseChanges.Zone(owner: $0.key.owner, zone: $0.key.zone, version: $0.value.version) }
        .sorted { ($0.owner, $0.zone) < ($1.owner, $1.zone) }
      return CloudDatabaseChanges(zones: zones, token: token)
    }
  }

  func fetchZoneChanges(user: String, zone zoneID: ZoneID, since: Int64, limit: Int) throws -> ZoneChanges {
    try check(user)
    return state.withLock { state in
      guard zoneID.owner == user, let zone = state.zones[zoneID] else {
        return ZoneChanges(records: [], version: since, more: false)
      }
      let newer = zone.records.values.filter { $0.version! > since }
        .sorted { ($0.version!, $0.recordName) < ($1.version!, $1.recordName) }
      // Whole versions only: a page never ends inside a version, so its token is exact.
      var page: [ServerRecord] = []
      for record in newer {
        if page.count >= limit, record.version != page.last?.version { break }
        page.append(record)
      }
      let token = page.last?.version ?? max(since, zone.version)
      return ZoneChanges(records: page, version: token, more: page.count < newer.count)
    }
  }

  func fetchRecords(user: String, _ ids: [RecordID]) throws -> [ServerRecord] {
    try check(user)
    return state.withLock { state in
      ids.compactMap { id in
        guard id.owner == user else { return nil }
        return state.zones[id.zoneID]?.records[id.recordName]
      }
    }
  }

  func changeNotifications(user: String) -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    let key = UUID()
    state.withLock { $0.listeners[user, default: [:]][key] = continuation }
    continuation.onTermination = { [weak self] _ in
      self?.state.withLock { _ = $0.listeners[user]?.removeValue(forKey: key) }
    }
    return stream
  }

  private func notify(zones: [ZoneID]) {
    let continuations = state.withLock { state in
      zones.flatMap { state.listeners[$0.owner].map { Array($0.values) } ?? [] }
    }
    for continuation in continuations { continuation.yield() }
  }
}

/// One user's view of an ``InMemoryCloudServer``.
public struct InMemoryCloudDatabase: CloudDatabase {
  public let server: InMemoryCloudServer
  public let user: String

  public func account() async throws -> CloudAccount {
    try server.check(user)
    return CloudAccount(user: user, serverID: server.serverID)
  }

  public func modifyRecords(batchID: UUID, saves: [RecordSave], deletes: [RecordDelete]) async throws
    -> [RecordResult]
  {
    try server.modifyRecords(user: user, batchID: batchID, saves: saves, deletes: deletes)
  }

  public func fetchDatabaseChanges(since token: Int64) async throws -> CloudDatabaseChanges {
    try server.fetchDatabaseChanges(user: user, since: token)
  }

  public func fetchZoneChanges(_ zone: ZoneID, since version: Int64, limit: Int) async throws -> ZoneChanges {
    try server.fetchZoneChanges(user: user, zone: zone, since: version, limit: limit)
  }

  public func fetchRecords(_ ids: [RecordID]) async throws -> [ServerRecord] {
    try server.fetchRecords(user: user, ids)
  }

  public func changeNotifications() -> AsyncStream<Void> { server.changeNotifications(user: user) }
}

extension Sequence where Element: Hashable {
  /// The elements in order, each once.
  func uniqued() -> [Element] {
    var seen = Set<Element>()
    return filter { seen.insert($0).inserted }
  }
}
