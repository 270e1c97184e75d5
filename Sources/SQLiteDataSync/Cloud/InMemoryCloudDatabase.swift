import Foundation
import Synchronization

/// A sync server held in memory, with the semantics of the PostgreSQL one: zones with
/// commit-ordered versions, compare-and-set saves, tombstones, reference checks, zones that
/// change all or nothing, batches that apply once, and shares with their participants and
/// permissions. For tests, previews and demos.
///
///     let server = InMemoryCloudServer()
///     let phone = SyncEngine(for: database, tables: …, cloudDatabase: server.database(for: "alice"))
public final class InMemoryCloudServer: Sendable {
  struct Zone {
    var version: Int64 = 0
    var records: [String: ServerRecord] = [:]
    /// Each record's share, derived as the server derives it: a shared root's own, else its
    /// parent's.
    var shareIDs: [String: String] = [:]
    /// Records that left a share, with the version they left at.
    var exits: [(shareID: String, recordName: String, version: Int64)] = []
  }

  struct Share {
    var id: String
    var zone: ZoneID
    var rootRecordName: String
    var title: String?
    var participants: [String: (permission: CKShare.Permission, isAccepted: Bool)] = [:]
  }

  struct State {
    var zones: [ZoneID: Zone] = [:]
    var shares: [String: Share] = [:]
    var invitations: [String: (shareID: String, permission: CKShare.Permission)] = [:]
    var users: Set<String> = []
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

  /// The server as one user sees it; the user exists from then on (for sharing with them).
  public func database(for user: String) -> InMemoryCloudDatabase {
    _ = state.withLock { $0.users.insert(user) }
    return InMemoryCloudDatabase(server: self, user: user)
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

  // MARK: Access

  func check(_ user: String) throws {
    try state.withLock { state in
      guard state.isAvailable else { throw CloudError.unavailable("the server is not reachable") }
      guard !state.refusedUsers.contains(user) else {
        throw CloudError.notAuthenticated("the server refused the credentials of '\(user)'")
      }
    }
  }

  /// The permission `user` has through a share: the owner's is read-write.
  private static func permission(of user: String, in shareID: String?, _ state: State) -> CKShare.Permission {
    guard let shareID, let share = state.shares[shareID] else { return .none }
    if share.zone.owner == user { return .readWrite }
    guard let participant = share.participants[user], participant.isAccepted else { return .none }
    return participant.permission
  }

  private static func canRead(_ user: String, _ zoneID: ZoneID, _ recordName: String, _ state: State) -> Bool
  {
    zoneID.owner == user
      || permission(of: user, in: state.zones[zoneID]?.shareIDs[recordName], state) != .none
  }

  private static func canWrite(_ user: String, shareID: String?, zone zoneID: ZoneID, _ state: State) -> Bool
  {
    zoneID.owner == user || permission(of: user, in: shareID, state) == .readWrite
  }

  /// Zones the user reads: their own, and those holding a share they accepted.
  private static func readableZones(_ user: String, _ state: State) -> Set<ZoneID> {
    var zones = Set(state.zones.keys.filter { $0.owner == user })
    for share in state.shares.values where share.participants[user]?.isAccepted == true {
      zones.insert(share.zone)
    }
    return zones
  }

  /// Derives every record's share again; records whose share changed re-enter the feed at
  /// `version`, and those that left one are recorded as exits.
  private static func rederiveShares(in zoneID: ZoneID, version: Int64, _ state: inout State) {
    guard var zone = state.zones[zoneID] else { return }
    let roots = Dictionary(
      state.shares.values.filter { $0.zone == zoneID }.map { ($0.rootRecordName, $0.id) },
      uniquingKeysWith: { first, _ in first })
    func share(of name: String, depth: Int = 0) -> String? {
      if let shareID = roots[name] { return shareID }
      guard depth < 64, let parent = zone.records[name]?.parent else { return nil }
      return share(of: parent, depth: depth + 1)
    }
    for name in zone.records.keys {
      let new = share(of: name)
      let old = zone.shareIDs[name]
      guard new != old else { continue }
      if let old { zone.exits.append((old, name, version)) }
      zone.shareIDs[name] = new
      zone.records[name]?.version = version
    }
    zone.version = max(zone.version, version)
    state.zones[zoneID] = zone
  }

  // MARK: Records

  func modifyRecords(user: String, batchID: UUID, saves: [RecordSave], deletes: [RecordDelete])
    throws -> [RecordResult]
  {
    try check(user)
    let (results, changedZones) = state.withLock { state -> ([RecordResult], [ZoneID]) in
      if let stored = state.batches[user]?[batchID] { return (stored, []) }
      var changed: [ZoneID] = []
      // Zones are applied one at a time on a copy, which replaces the original only when every
      // operation in it succeeded.
      let zoneOrder = (saves.map(\.record.id.zoneID) + deletes.map(\.id.zoneID)).uniqued()
      var resultsByOperation: [Int: RecordResult] = [:]
      for zoneID in zoneOrder {
        let exists = state.zones[zoneID] != nil
        let mayWriteZone =
          zoneID.owner == user
          || exists
            && state.shares.values.contains {
              $0.zone == zoneID
                && $0.participants[user].map { $0.isAccepted && $0.permission == .readWrite } == true
            }
        guard mayWriteZone else {
          for (index, save) in saves.enumerated() where save.record.id.zoneID == zoneID {
            resultsByOperation[index] = RecordResult(id: save.record.id, status: .permissionFailure)
          }
          for (index, delete) in deletes.enumerated() where delete.id.zoneID == zoneID {
            resultsByOperation[saves.count + index] = RecordResult(id: delete.id, status: .permissionFailure)
          }
          continue
        }
        let before = state
        var zone = state.zones[zoneID] ?? Zone()
        let newVersion = zone.version + 1
        var zoneResults: [Int: RecordResult] = [:]
        var wrote = false
        for (index, save) in saves.enumerated() where save.record.id.zoneID == zoneID {
          let result = Self.apply(save, to: &zone, version: newVersion, user: user, state)
          if result.status == .saved { wrote = true }
          zoneResults[index] = result
          // Later saves see this one's share (a child saved after its new parent).
          state.zones[zoneID] = zone
          Self.rederiveShares(in: zoneID, version: newVersion, &state)
          zone = state.zones[zoneID]!
        }
        for (index, delete) in deletes.enumerated() where delete.id.zoneID == zoneID {
          let result = Self.apply(delete, to: &zone, version: newVersion, user: user, state)
          if result.status == .deleted, result.version == newVersion { wrote = true }
          zoneResults[saves.count + index] = result
        }
        let failed = zoneResults.values.contains { $0.status != .saved && $0.status != .deleted }
        if failed || !wrote {
          state = before
          for (index, result) in zoneResults {
            resultsByOperation[index] =
              failed && (result.status == .saved || result.status == .deleted)
              ? RecordResult(id: result.id, status: .batchRequestFailed) : result
          }
          if !failed, !exists, zoneID.owner == user, !saves.isEmpty { state.zones[zoneID] = Zone() }
        } else {
          for (index, result) in zoneResults { resultsByOperation[index] = result }
          zone.version = newVersion
          state.zones[zoneID] = zone
          Self.rederiveShares(in: zoneID, version: newVersion, &state)
          changed.append(zoneID)
        }
      }
      let results = (0..<(saves.count + deletes.count)).map { resultsByOperation[$0]! }
      state.batches[user, default: [:]][batchID] = results
      return (results, changed)
    }
    if !changedZones.isEmpty { notify(zones: changedZones) }
    return results
  }

  private static func apply(
    _ save: RecordSave, to zone: inout Zone, version: Int64, user: String, _ state: State
  )
    -> RecordResult
  {
    let id = save.record.id
    let current = zone.records[id.recordName]
    let visible = current == nil || canRead(user, id.zoneID, id.recordName, state)
    if let current, visible {
      guard save.baseVersion == current.version else {
        return RecordResult(id: id, status: .serverRecordChanged, serverRecord: current)
      }
    } else if current == nil, save.baseVersion != nil {
      return RecordResult(id: id, status: .unknownItem)
    }
    if let parent = save.record.parent {
      guard parent != id.recordName, let parentRecord = zone.records[parent], !parentRecord.deleted,
        canRead(user, id.zoneID, parent, state)
      else {
        return RecordResult(id: id, status: .referenceViolation)
      }
    }
    // The share the record has, and the one it gets (its own as a shared root, else its new
    // parent's), must both be writable.
    let newShareID =
      state.shares.values.first { $0.zone == id.zoneID && $0.rootRecordName == id.recordName }?.id
      ?? save.record.parent.flatMap { zone.shareIDs[$0] }
    let oldShareID = current == nil ? newShareID : zone.shareIDs[id.recordName]
    guard visible, canWrite(user, shareID: oldShareID, zone: id.zoneID, state),
      canWrite(user, shareID: newShareID, zone: id.zoneID, state)
    else { return RecordResult(id: id, status: .permissionFailure) }
    var record = save.record
    record.version = version
    record.deleted = false
    record.deletedStamp = nil
    record.modifiedBy = user
    zone.records[id.recordName] = record
    return RecordResult(id: id, status: .saved, version: version)
  }

  private static func apply(
    _ delete: RecordDelete, to zone: inout Zone, version: Int64, user: String, _ state: State
  )
    -> RecordResult
  {
    let id = delete.id
    guard var current = zone.records[id.recordName], canRead(user, id.zoneID, id.recordName, state) else {
      return RecordResult(id: id, status: .deleted)
    }
    guard !current.deleted else { return RecordResult(id: id, status: .deleted, version: current.version) }
    if let base = delete.baseVersion, base != current.version {
      return RecordResult(id: id, status: .serverRecordChanged, serverRecord: current)
    }
    if zone.records.values.contains(where: { $0.parent == id.recordName && !$0.deleted }) {
      return RecordResult(id: id, status: .referenceViolation)
    }
    guard canWrite(user, shareID: zone.shareIDs[id.recordName], zone: id.zoneID, state) else {
      return RecordResult(id: id, status: .permissionFailure)
    }
    current.deleted = true
    current.deletedStamp = delete.deletedStamp
    current.version = version
    current.modifiedBy = user
    zone.records[id.recordName] = current
    return RecordResult(id: id, status: .deleted, version: version)
  }

  func fetchDatabaseChanges(user: String, since token: Int64) throws -> CloudDatabaseChanges {
    try check(user)
    return state.withLock { state in
      let zones = Self.readableZones(user, state).compactMap { id in
        state.zones[id].map { CloudDatabaseChanges.Zone(owner: id.owner, zone: id.zone, version: $0.version) }
      }
      .sorted { ($0.owner, $0.zone) < ($1.owner, $1.zone) }
      return CloudDatabaseChanges(zones: zones, token: token)
    }
  }

  func fetchZoneChanges(user: String, zone zoneID: ZoneID, since: Int64, limit: Int) throws -> ZoneChanges {
    try check(user)
    return state.withLock { state in
      guard Self.readableZones(user, state).contains(zoneID), let zone = state.zones[zoneID] else {
        return ZoneChanges(records: [], version: since, more: false)
      }
      let newer = zone.records.values.filter {
        $0.version! > since && Self.canRead(user, zoneID, $0.recordName, state)
      }
      .sorted { ($0.version!, $0.recordName) < ($1.version!, $1.recordName) }
      // Whole versions only: a page never ends inside a version, so its token is exact.
      var page: [ServerRecord] = []
      for record in newer {
        if page.count >= limit, record.version != page.last?.version { break }
        page.append(record)
      }
      let more = page.count < newer.count
      let token = more ? page.last!.version! : max(page.last?.version ?? since, zone.version, since)
      let exits =
        zoneID.owner == user
        ? []
        : zone.exits.filter {
          $0.version > since && $0.version <= token
            && Self.permission(of: user, in: $0.shareID, state) != .none
            && !Self.canRead(user, zoneID, $0.recordName, state)
        }.map(\.recordName).uniqued()
      return ZoneChanges(records: page, version: token, more: more, exits: exits)
    }
  }

  func fetchRecords(user: String, _ ids: [RecordID]) throws -> [ServerRecord] {
    try check(user)
    return state.withLock { state in
      ids.compactMap { id in
        guard Self.canRead(user, id.zoneID, id.recordName, state) else { return nil }
        return state.zones[id.zoneID]?.records[id.recordName]
      }
    }
  }

  // MARK: Sharing

  private static func view(_ share: Share, as user: String) -> CKShare {
    CKShare(
      shareID: share.id, ownerName: share.zone.owner, zoneName: share.zone.zone,
      rootRecordName: share.rootRecordName,
      currentUserPermission: share.zone.owner == user
        ? .readWrite : share.participants[user].flatMap { $0.isAccepted ? $0.permission : nil } ?? .none,
      participants: share.participants.map {
        CKShare.Participant(
          userName: $0.key, permission: $0.value.permission, isAccepted: $0.value.isAccepted)
      }.sorted { $0.userName < $1.userName },
      systemFields: share.title.map { ["title": $0] } ?? [:])
  }

  private static func ownedShare(_ shareID: String, by user: String, _ state: State) throws -> Share {
    guard let share = state.shares[shareID] else {
      throw SharingError.notFound("there is no share \(shareID)")
    }
    guard share.zone.owner == user else {
      throw SharingError.notOwner("only the owner of share \(shareID) may change it")
    }
    return share
  }

  /// Moves a zone on, so that its readers pull (and learn what changed in its shares).
  private static func touch(_ zoneID: ZoneID, _ state: inout State) {
    let version = (state.zones[zoneID]?.version ?? 0) + 1
    rederiveShares(in: zoneID, version: version, &state)
  }

  func shareRoot(user: String, _ root: RecordID, title: String?) throws -> CKShare {
    try check(user)
    let share = try state.withLock { state -> CKShare in
      guard root.owner == user, let record = state.zones[root.zoneID]?.records[root.recordName],
        !record.deleted
      else {
        throw SharingError.notFound("record \(root.recordName) is not on the server")
      }
      guard record.parent == nil else {
        throw SharingError.notShareable(
          "record \(root.recordName) has a parent: only root records can be shared")
      }
      if var existing = state.shares.values.first(where: {
        $0.zone == root.zoneID && $0.rootRecordName == root.recordName
      }) {
        existing.title = title ?? existing.title
        state.shares[existing.id] = existing
        return Self.view(existing, as: user)
      }
      let share = Share(
        id: UUID().uuidString.lowercased(), zone: root.zoneID, rootRecordName: root.recordName, title: title)
      state.shares[share.id] = share
      Self.touch(root.zoneID, &state)
      return Self.view(share, as: user)
    }
    notify(zones: [root.zoneID])
    return share
  }

  func shares(user: String) throws -> [CKShare] {
    try check(user)
    return state.withLock { state in
      state.shares.values.filter { $0.zone.owner == user || $0.participants[user] != nil }
        .sorted { ($0.zone.owner, $0.rootRecordName) < ($1.zone.owner, $1.rootRecordName) }
        .map { Self.view($0, as: user) }
    }
  }

  func addParticipant(user: String, _ participant: String, permission: CKShare.Permission, to shareID: String)
    throws -> CKShare
  {
    try check(user)
    let (share, zone) = try state.withLock { state -> (CKShare, ZoneID) in
      var share = try Self.ownedShare(shareID, by: user, state)
      guard permission != .none else {
        throw SharingError.notShareable("a participant reads or writes: give .readOnly or .readWrite")
      }
      guard participant != user else {
        throw SharingError.notShareable("the owner of a share cannot take part in it")
      }
      guard state.users.contains(participant) else {
        throw SharingError.unknownUser("there is no user \(participant) on this server")
      }
      share.participants[participant] = (permission, share.participants[participant]?.isAccepted ?? false)
      state.shares[shareID] = share
      Self.touch(share.zone, &state)
      return (Self.view(share, as: user), share.zone)
    }
    notify(zones: [zone], users: [participant])
    return share
  }

  func createInvitation(user: String, to shareID: String, permission: CKShare.Permission) throws -> String {
    try check(user)
    return try state.withLock { state in
      _ = try Self.ownedShare(shareID, by: user, state)
      guard permission != .none else {
        throw SharingError.notShareable("a participant reads or writes: give .readOnly or .readWrite")
      }
      let token = (UUID().uuidString + UUID().uuidString).lowercased().replacingOccurrences(of: "-", with: "")
      state.invitations[token] = (shareID, permission)
      return token
    }
  }

  func acceptShare(user: String, _ metadata: CKShare.Metadata) throws -> CKShare {
    try check(user)
    let share = try state.withLock { state -> CKShare in
      var share: Share
      switch metadata.invitation {
      case .token(let token):
        guard let invitation = state.invitations.removeValue(forKey: token),
          let found = state.shares[invitation.shareID]
        else { throw SharingError.notFound("the invitation is unknown, used or expired") }
        guard found.zone.owner != user else {
          throw SharingError.notShareable("the owner of a share cannot take part in it")
        }
        share = found
        share.participants[user] = (invitation.permission, true)
      case .share(let shareID):
        guard let found = state.shares[shareID], let participant = found.participants[user] else {
          throw SharingError.notFound("you were not invited to share \(shareID)")
        }
        share = found
        share.participants[user] = (participant.permission, true)
      }
      state.shares[share.id] = share
      return Self.view(share, as: user)
    }
    notify(zones: [], users: [user])
    return share
  }

  func removeParticipant(user: String, _ participant: String, from shareID: String) throws {
    try check(user)
    try state.withLock { state in
      guard var share = state.shares[shareID] else {
        throw SharingError.notFound("there is no share \(shareID)")
      }
      guard share.zone.owner == user || participant == user else {
        throw SharingError.notOwner("only the owner of share \(shareID) may remove others")
      }
      share.participants[participant] = nil
      state.shares[shareID] = share
    }
    notify(zones: [], users: [participant])
  }

  func stopSharing(user: String, _ shareID: String) throws {
    try check(user)
    let (zone, participants) = try state.withLock { state -> (ZoneID, [String]) in
      let share = try Self.ownedShare(shareID, by: user, state)
      state.shares[shareID] = nil
      state.invitations = state.invitations.filter { $0.value.shareID != shareID }
      Self.touch(share.zone, &state)
      return (share.zone, Array(share.participants.keys))
    }
    notify(zones: [zone], users: participants)
  }

  // MARK: Notifications

  func changeNotifications(user: String) -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    let key = UUID()
    state.withLock { $0.listeners[user, default: [:]][key] = continuation }
    continuation.onTermination = { [weak self] _ in
      self?.state.withLock { _ = $0.listeners[user]?.removeValue(forKey: key) }
    }
    return stream
  }

  /// Tells the owners of `zones`, their accepted participants, and `users` that something moved.
  private func notify(zones: [ZoneID], users: [String] = []) {
    let continuations = state.withLock { state in
      var recipients = Set(users)
      for zone in zones {
        recipients.insert(zone.owner)
        for share in state.shares.values where share.zone == zone {
          recipients.formUnion(share.participants.filter(\.value.isAccepted).keys)
        }
      }
      return recipients.flatMap { state.listeners[$0].map { Array($0.values) } ?? [] }
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

  public func shareRoot(_ root: RecordID, title: String?) async throws -> CKShare {
    try server.shareRoot(user: user, root, title: title)
  }

  public func shares() async throws -> [CKShare] { try server.shares(user: user) }

  public func addParticipant(_ participant: String, permission: CKShare.Permission, to shareID: String)
    async throws -> CKShare
  {
    try server.addParticipant(user: user, participant, permission: permission, to: shareID)
  }

  public func createInvitation(to shareID: String, permission: CKShare.Permission) async throws -> String {
    try server.createInvitation(user: user, to: shareID, permission: permission)
  }

  public func acceptShare(_ metadata: CKShare.Metadata) async throws -> CKShare {
    try server.acceptShare(user: user, metadata)
  }

  public func removeParticipant(_ participant: String, from shareID: String) async throws {
    try server.removeParticipant(user: user, participant, from: shareID)
  }

  public func stopSharing(_ shareID: String) async throws { try server.stopSharing(user: user, shareID) }
}

extension Sequence where Element: Hashable {
  /// The elements in order, each once.
  func uniqued() -> [Element] {
    var seen = Set<Element>()
    return filter { seen.insert($0).inserted }
  }
}
