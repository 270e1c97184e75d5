import Foundation
import SQLiteData

/// Which way a row moves in a list on screen.
public enum MoveDirection: Hashable, Sendable {
  case up
  case down

  var offset: Int { self == .up ? -1 : 1 }
  var name: String { self == .up ? "Up" : "Down" }
}

enum Positions {
  /// The positions that put rows in `order`, reusing the slots they hold now (sorted), so that
  /// rows outside the reordered set keep their place among them. Slots are made strictly
  /// increasing when two rows shared one.
  static func reassign<ID: Hashable>(order: [ID], current: [ID: Int]) -> [ID: Int] {
    var slots = order.compactMap { current[$0] }.sorted()
    for index in slots.indices.dropFirst() where slots[index] <= slots[index - 1] {
      slots[index] = slots[index - 1] + 1
    }
    var result: [ID: Int] = [:]
    for (id, slot) in zip(order, slots) where current[id] != slot { result[id] = slot }
    return result
  }

  /// `CASE "id" WHEN … THEN … ELSE "position" END`: the new positions in one update.
  static func positionCase<Root: Table>(
    _ id: TableColumn<Root, UUID>, _ position: TableColumn<Root, Int>, _ positions: [UUID: Int]
  ) -> SQLQueryExpression<Int> {
    let ordered = positions.sorted { $0.value < $1.value }
    let cases = ordered.dropFirst().reduce(
      Case(id, as: Int.self).when(ordered[0].key, then: ordered[0].value)
    ) {
      $0.when($1.key, then: $1.value)
    }
    return cases.else(position)
  }
}
