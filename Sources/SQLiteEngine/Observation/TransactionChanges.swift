/// The tables changed by the current transaction, kept frame by frame so that rolling back to a
/// savepoint forgets exactly what was changed since that savepoint.
struct TransactionChanges {
  private struct Frame {
    var savepoint: String?
    var tables: Set<String> = []
  }

  private var frames = [Frame(savepoint: nil)]
  /// Increases whenever recorded changes are forgotten, so caches of "already recorded" know to
  /// record again.
  private(set) var generation = 0

  var isEmpty: Bool { frames.allSatisfy { $0.tables.isEmpty } }

  /// Every table changed since the transaction began.
  var allTables: Set<String> {
    frames.dropFirst().reduce(into: frames[0].tables) { $0.formUnion($1.tables) }
  }

  mutating func insert(_ table: String) {
    frames[frames.count - 1].tables.insert(table)
  }

  mutating func formUnion(_ tables: Set<String>) {
    frames[frames.count - 1].tables.formUnion(tables)
  }

  mutating func beginSavepoint(_ name: String) {
    frames.append(Frame(savepoint: name))
  }

  /// RELEASE: the savepoint's changes (and those of savepoints inside it) join the frame below.
  mutating func releaseSavepoint(_ name: String) {
    guard let index = index(of: name) else { return }
    let released = frames[index...].reduce(into: Set<String>()) { $0.formUnion($1.tables) }
    frames.removeSubrange(index...)
    if frames.isEmpty { frames = [Frame(savepoint: nil)] }
    frames[frames.count - 1].tables.formUnion(released)
  }

  /// ROLLBACK TO: changes since the savepoint are undone; the savepoint itself stays open.
  mutating func rollbackToSavepoint(_ name: String) {
    guard let index = index(of: name) else { return }
    frames.removeSubrange((index + 1)...)
    frames[index].tables = []
    generation += 1
  }

  /// The transaction ended (commit or rollback): start afresh.
  mutating func reset() {
    frames = [Frame(savepoint: nil)]
    generation += 1
  }

  /// SQLite matches savepoint names case-insensitively, innermost first.
  private func index(of name: String) -> Int? {
    frames.lastIndex { $0.savepoint?.caseInsensitiveCompare(name) == .orderedSame }
  }
}
