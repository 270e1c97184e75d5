import Foundation
import SQLiteEngine
import SQLiteQueries
import Testing

// A schema of 20 tables and 200 queries over them (filters, joins, outer joins, aggregates with
// HAVING, `??`, key-path orders): how long the macros and the type checker take on a file of this
// size is measured by rebuilding after touching it; the test checks that every query is SQL that
// SQLite prepares against the schema.

@Table
struct Entity0 {
  let id: Int
  var title = ""
  var count = 0
  var isActive = false
  var score: Double?
  var createdAt: Date
  var parentID: Int?
}

@Table
struct Entity1 {
  let id: Int
  var title = ""
  var count = 0
  var isActive = false
  var score: Double?
  var createdAt: Date
  var parentID: Int?
}

@Table
struct Entity2 {
  let id: Int
  var title = ""
  var count = 0
  var isActive = false
  var score: Double?
  var createdAt: Date
  var parentID: Int?
}

@Table
struct Entity3 {
  let id: Int
  var title = ""
  var count = 0
  var isActive = false
  var score: Double?
  var createdAt: Date
  var parentID: Int?
}

@Table
struct Entity4 {
  let id: Int
  var title = ""
  var count = 0
  var isActive = false
  var score: Double?
  var createdAt: Date
  var parentID: Int?
}

@Table
struct Entity5 {
  let id: Int
  var title = ""
  var count = 0
  var isActive = false
  var score: Double?
  var createdAt: Date
  var parentID: Int?
}

@Table
struct Entity6 {
  let id: Int
  var title = ""
  var count = 0
  var isActive = false
  var score: Double?
  var createdAt: Date
  var parentID: Int?
}

@Table
struct Entity7 {
  let id: Int
  var title = ""
  var count = 0
  var isActive = false
  var score: Double?
  var createdAt: Date
  var parentID: Int?
}

@Table
struct Entity8 {
  let id: Int
  var title = ""
  var count = 0
  var isActive = false
  var score: Double?
  var createdAt: Date
  var parentID: Int?
}

@Table
struct Entity9 {
  let id: Int
  var title = ""
  var count = 0
  var isActive = false
  var score: Double?
  var createdAt: Date
  var parentID: Int?
}

@Table
struct Entity10 {
  let id: Int
  var title = ""
  var count = 0
  var isActive = false
  var score: Double?
  var createdAt: Date
  var parentID: Int?
}

@Table
struct Entity11 {
  let id: Int
  var title = ""
  var count = 0
  var isActive = false
  var score: Double?
  var createdAt: Date
  var parentID: Int?
}

@Table
struct Entity12 {
  let id: Int
  var title = ""
  var count = 0
  var isActive = false
  var score: Double?
  var createdAt: Date
  var parentID: Int?
}

@Table
struct Entity13 {
  let id: Int
  var title = ""
  var count = 0
  var isActive = false
  var score: Double?
  var createdAt: Date
  var parentID: Int?
}

@Table
struct Entity14 {
  let id: Int
  var title = ""
  var count = 0
  var isActive = false
  var score: Double?
  var createdAt: Date
  var parentID: Int?
}

@Table
struct Entity15 {
  let id: Int
  var title = ""
  var count = 0
  var isActive = false
  var score: Double?
  var createdAt: Date
  var parentID: Int?
}

@Table
struct Entity16 {
  let id: Int
  var title = ""
  var count = 0
  var isActive = false
  var score: Double?
  var createdAt: Date
  var parentID: Int?
}

@Table
struct Entity17 {
  let id: Int
  var title = ""
  var count = 0
  var isActive = false
  var score: Double?
  var createdAt: Date
  var parentID: Int?
}

@Table
struct Entity18 {
  let id: Int
  var title = ""
  var count = 0
  var isActive = false
  var score: Double?
  var createdAt: Date
  var parentID: Int?
}

@Table
struct Entity19 {
  let id: Int
  var title = ""
  var count = 0
  var isActive = false
  var score: Double?
  var createdAt: Date
  var parentID: Int?
}

func compileTimeQueries() -> [QueryFragment] {
  var queries: [QueryFragment] = []
  queries.append(Entity0.where { $0.isActive && $0.count > 0 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity1.join(Entity10.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity2.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity3.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity4.leftJoin(Entity11.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity5.where { $0.isActive && $0.count > 5 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity6.join(Entity5.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity7.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity8.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity9.leftJoin(Entity6.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity10.where { $0.isActive && $0.count > 10 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity11.join(Entity0.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity12.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity13.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity14.leftJoin(Entity1.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity15.where { $0.isActive && $0.count > 15 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity16.join(Entity15.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity17.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity18.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity19.leftJoin(Entity16.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity0.where { $0.isActive && $0.count > 20 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity1.join(Entity10.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity2.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity3.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity4.leftJoin(Entity11.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity5.where { $0.isActive && $0.count > 25 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity6.join(Entity5.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity7.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity8.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity9.leftJoin(Entity6.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity10.where { $0.isActive && $0.count > 30 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity11.join(Entity0.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity12.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity13.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity14.leftJoin(Entity1.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity15.where { $0.isActive && $0.count > 35 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity16.join(Entity15.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity17.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity18.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity19.leftJoin(Entity16.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity0.where { $0.isActive && $0.count > 40 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity1.join(Entity10.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity2.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity3.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity4.leftJoin(Entity11.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity5.where { $0.isActive && $0.count > 45 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity6.join(Entity5.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity7.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity8.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity9.leftJoin(Entity6.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity10.where { $0.isActive && $0.count > 50 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity11.join(Entity0.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity12.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity13.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity14.leftJoin(Entity1.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity15.where { $0.isActive && $0.count > 55 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity16.join(Entity15.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity17.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity18.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity19.leftJoin(Entity16.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity0.where { $0.isActive && $0.count > 60 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity1.join(Entity10.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity2.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity3.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity4.leftJoin(Entity11.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity5.where { $0.isActive && $0.count > 65 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity6.join(Entity5.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity7.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity8.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity9.leftJoin(Entity6.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity10.where { $0.isActive && $0.count > 70 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity11.join(Entity0.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity12.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity13.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity14.leftJoin(Entity1.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity15.where { $0.isActive && $0.count > 75 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity16.join(Entity15.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity17.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity18.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity19.leftJoin(Entity16.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity0.where { $0.isActive && $0.count > 80 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity1.join(Entity10.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity2.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity3.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity4.leftJoin(Entity11.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity5.where { $0.isActive && $0.count > 85 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity6.join(Entity5.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity7.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity8.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity9.leftJoin(Entity6.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity10.where { $0.isActive && $0.count > 90 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity11.join(Entity0.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity12.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity13.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity14.leftJoin(Entity1.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity15.where { $0.isActive && $0.count > 95 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity16.join(Entity15.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity17.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity18.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity19.leftJoin(Entity16.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity0.where { $0.isActive && $0.count > 100 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity1.join(Entity10.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity2.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity3.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity4.leftJoin(Entity11.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity5.where { $0.isActive && $0.count > 105 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity6.join(Entity5.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity7.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity8.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity9.leftJoin(Entity6.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity10.where { $0.isActive && $0.count > 110 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity11.join(Entity0.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity12.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity13.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity14.leftJoin(Entity1.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity15.where { $0.isActive && $0.count > 115 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity16.join(Entity15.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity17.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity18.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity19.leftJoin(Entity16.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity0.where { $0.isActive && $0.count > 120 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity1.join(Entity10.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity2.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity3.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity4.leftJoin(Entity11.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity5.where { $0.isActive && $0.count > 125 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity6.join(Entity5.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity7.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity8.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity9.leftJoin(Entity6.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity10.where { $0.isActive && $0.count > 130 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity11.join(Entity0.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity12.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity13.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity14.leftJoin(Entity1.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity15.where { $0.isActive && $0.count > 135 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity16.join(Entity15.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity17.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity18.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity19.leftJoin(Entity16.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity0.where { $0.isActive && $0.count > 140 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity1.join(Entity10.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity2.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity3.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity4.leftJoin(Entity11.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity5.where { $0.isActive && $0.count > 145 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity6.join(Entity5.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity7.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity8.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity9.leftJoin(Entity6.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity10.where { $0.isActive && $0.count > 150 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity11.join(Entity0.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity12.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity13.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity14.leftJoin(Entity1.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity15.where { $0.isActive && $0.count > 155 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity16.join(Entity15.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity17.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity18.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity19.leftJoin(Entity16.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity0.where { $0.isActive && $0.count > 160 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity1.join(Entity10.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity2.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity3.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity4.leftJoin(Entity11.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity5.where { $0.isActive && $0.count > 165 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity6.join(Entity5.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity7.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity8.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity9.leftJoin(Entity6.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity10.where { $0.isActive && $0.count > 170 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity11.join(Entity0.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity12.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity13.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity14.leftJoin(Entity1.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity15.where { $0.isActive && $0.count > 175 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity16.join(Entity15.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity17.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity18.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity19.leftJoin(Entity16.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity0.where { $0.isActive && $0.count > 180 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity1.join(Entity10.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity2.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity3.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity4.leftJoin(Entity11.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity5.where { $0.isActive && $0.count > 185 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity6.join(Entity5.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity7.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity8.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity9.leftJoin(Entity6.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity10.where { $0.isActive && $0.count > 190 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity11.join(Entity0.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity12.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity13.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity14.leftJoin(Entity1.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  queries.append(Entity15.where { $0.isActive && $0.count > 195 }.order { $0.title.desc() }.limit(10).query)
  queries.append(
    Entity16.join(Entity15.all) { $0.parentID.eq($1.id) }.where { $0.title.contains("x") && !$1.isActive }
      .select { ($0.title, $1.count) }.query)
  queries.append(
    Entity17.group(by: \.isActive).select { ($0.isActive, $0.count.sum(), $0.score.avg()) }.having {
      $0.count.count() > 1
    }.query)
  queries.append(
    Entity18.where { ($0.score ?? 0) > 1.5 || $0.title.hasPrefix("a") }.order(by: \.createdAt).select(\.id)
      .query)
  queries.append(
    Entity19.leftJoin(Entity16.all) { $0.id.eq($1.parentID) }.where { $1.id.is(nil) }.select {
      ($0.id, $1.title)
    }.query)
  return queries
}

@Suite("200 queries over 20 tables")
struct CompileTimeFixtureTests {
  @Test func everyQueryPrepares() throws {
    let database = try DatabaseQueue()
    try database.write { db in
      for table in 0..<20 {
        try db.execute(
          sql: """
            CREATE TABLE "entity\(table)s" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, \
            "count" INTEGER NOT NULL, "isActive" INTEGER NOT NULL, "score" REAL, "createdAt" TEXT NOT NULL, \
            "parentID" INTEGER)
            """)
      }
    }
    let queries = compileTimeQueries()
    #expect(queries.count == 200)
    try database.read { db in
      for query in queries {
        let (sql, _) = query.prepare()
        _ = try db.makeStatement(sql: sql)
      }
    }
  }
}
