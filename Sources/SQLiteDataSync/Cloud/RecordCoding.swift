import Foundation

// The server's JSON keeps a record's id flat beside its other members (`{"owner", "zone",
// "recordName", "status", …}`), so saves, deletes and results spell their coding out.

private enum FlatKey: String, CodingKey {
  case owner, zone, recordName, baseVersion, deletedStamp, status, version, serverRecord
}

extension RecordID {
  fileprivate init(flat container: KeyedDecodingContainer<FlatKey>) throws {
    self.init(
      owner: try container.decode(String.self, forKey: .owner),
      zone: try container.decode(String.self, forKey: .zone),
      recordName: try container.decode(String.self, forKey: .recordName))
  }

  fileprivate func encodeFlat(into container: inout KeyedEncodingContainer<FlatKey>) throws {
    try container.encode(owner, forKey: .owner)
    try container.encode(zone, forKey: .zone)
    try container.encode(recordName, forKey: .recordName)
  }
}

extension RecordSave: Codable {
  public init(from decoder: any Decoder) throws {
    record = try ServerRecord(from: decoder)
    baseVersion = try decoder.container(keyedBy: FlatKey.self).decodeIfPresent(
      Int64.self, forKey: .baseVersion)
  }

  public func encode(to encoder: any Encoder) throws {
    var sent = record
    sent.version = nil
    try sent.encode(to: encoder)
    var container = encoder.container(keyedBy: FlatKey.self)
    try container.encode(baseVersion, forKey: .baseVersion)
  }
}

extension RecordDelete: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: FlatKey.self)
    id = try RecordID(flat: container)
    baseVersion = try container.decodeIfPresent(Int64.self, forKey: .baseVersion)
    deletedStamp = try container.decode(HLCStamp.self, forKey: .deletedStamp)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FlatKey.self)
    try id.encodeFlat(into: &container)
    try container.encode(baseVersion, forKey: .baseVersion)
    try container.encode(deletedStamp, forKey: .deletedStamp)
  }
}

extension RecordResult: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: FlatKey.self)
    id = try RecordID(flat: container)
    status = try container.decode(RecordStatus.self, forKey: .status)
    version = try container.decodeIfPresent(Int64.self, forKey: .version)
    serverRecord = try container.decodeIfPresent(ServerRecord.self, forKey: .serverRecord)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FlatKey.self)
    try id.encodeFlat(into: &container)
    try container.encode(status, forKey: .status)
    try container.encodeIfPresent(version, forKey: .version)
    try container.encodeIfPresent(serverRecord, forKey: .serverRecord)
  }
}
