/// A page of the change feed as `sync.fetch_zone_page` returns it: one row per record, one per
/// record that left a share, and an end row with the page's token. Columns are text, as libpq
/// gives them; only a record's fields are JSON.
extension ZoneChanges {
  init(rows: [[String?]], of zone: ZoneID) throws {
    var records: [ServerRecord] = []
    records.reserveCapacity(rows.count)
    var exits: [String] = []
    var end: (version: Int64, more: Bool)?
    for row in rows {
      guard row.count == 11 else { throw WireJSONError("a row of a page has \(row.count) columns, not 11") }
      switch row[0] {
      case "record":
        guard let name = row[1], let type = row[2], let fields = row[4], let deleted = row[5],
          let version = row[7].flatMap({ Int64($0) })
        else { throw WireJSONError("a record row lacks its name, type, fields, deleted flag or version") }
        let deletedStamp = try row[6].map {
          guard let stamp = HLCStamp(hex: $0) else {
            throw WireJSONError("a stamp is 16 hex digits, not '\($0)'")
          }
          return stamp
        }
        var record = ServerRecord(
          id: RecordID(zoneID: zone, recordName: name), recordType: type, parent: row[3],
          fields: try RecordField.fields(fromJSON: fields), deleted: deleted == "t",
          deletedStamp: deletedStamp, version: version, modifiedBy: row[8])
        record.encodedFields.text = fields
        records.append(record)
      case "exit":
        guard let name = row[1] else { throw WireJSONError("an exit row lacks its record name") }
        exits.append(name)
      case "end":
        guard let version = row[9].flatMap({ Int64($0) }), let more = row[10] else {
          throw WireJSONError("the end row lacks the page's version")
        }
        end = (version, more == "t")
      default:
        throw WireJSONError("a row of a page is of kind '\(row[0] ?? "NULL")'")
      }
    }
    guard let end else { throw WireJSONError("the page has no end row") }
    self.init(records: records, version: end.version, more: end.more, exits: exits)
  }
}
