import SQLiteEngine

/// Per-column last-writer-wins, the one merge rule of sync, used for pulled records and for
/// records the server refused because they changed there.
///
/// A local column counts as edited when it differs from the base (the last server copy seen);
/// an edited column carries the stamp of the row's last local change. For each column the higher
/// stamp wins; equal stamps go to the greater value, so every replica picks the same one.
/// Existence follows the same rule: a record is alive when its newest edit is newer than its
/// deletion.
enum RecordMerge {
  /// The columns whose local values beat the server's, and the row to write after the merge.
  struct Outcome {
    var row: [String: DatabaseValue]
    /// Whether some local value won, so that the merged row must still be sent.
    var localWins: Bool
  }

  static func merge(
    local: [String: DatabaseValue], localStamp: HLCStamp, base: [String: RecordField],
    server: [String: RecordField], columns: [String]
  ) -> Outcome {
    var row = local
    var localWins = false
    for column in columns {
      guard let local = local[column] else { continue }
      let edited = base[column].map { $0.value.databaseValue != local } ?? true
      guard let theirs = server[column] else {
        if edited { localWins = true }
        continue
      }
      if !edited {
        row[column] = theirs.value.databaseValue
      } else if localStamp > theirs.stamp
        || (localStamp == theirs.stamp && FieldValue.tieBreakPrecedes(theirs.value, FieldValue(local)))
      {
        if theirs.value.databaseValue != local { localWins = true }
      } else {
        row[column] = theirs.value.databaseValue
      }
    }
    return Outcome(row: row, localWins: localWins)
  }

  /// The fields to send for a row: the base's, with each column the row changed stamped anew.
  /// Columns this version of the app does not know stay as the base has them.
  static func outgoingFields(
    row: [String: DatabaseValue], base: [String: RecordField], stamp: HLCStamp
  ) -> [String: RecordField] {
    var fields = base
    for (column, value) in row where base[column]?.value.databaseValue != value {
      fields[column] = RecordField(value: FieldValue(value), stamp: stamp)
    }
    return fields
  }
}
