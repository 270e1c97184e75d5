import CSQLite
import Foundation

/// A SQL function written in Swift: scalar (one result per row) or aggregate (one result per group).
///
///     let reverse = DatabaseFunction("reverse", argumentCount: 1, pure: true) { values in
///       String.fromDatabaseValue(values[0]).map { String($0.reversed()) }
///     }
///     db.add(function: reverse)
public final class DatabaseFunction: Sendable {
  public let name: String
  /// The number of arguments, or -1 for any number.
  public let argumentCount: Int32
  /// Pure (deterministic) functions may be used in indexes and are evaluated once per constant input.
  public let isPure: Bool
  let kind: Kind

  enum Kind: Sendable {
    case scalar(@Sendable ([DatabaseValue]) throws -> (any DatabaseValueConvertible)?)
    case aggregate(@Sendable () -> any DatabaseAggregate)
  }

  public init(
    _ name: String, argumentCount: Int? = nil, pure: Bool = false,
    function: @escaping @Sendable ([DatabaseValue]) throws -> (any DatabaseValueConvertible)?
  ) {
    self.name = name
    self.argumentCount = Int32(argumentCount ?? -1)
    self.isPure = pure
    self.kind = .scalar(function)
  }

  public init<Aggregate: DatabaseAggregate & SendableMetatype>(
    _ name: String, argumentCount: Int? = nil, pure: Bool = false, aggregate: Aggregate.Type
  ) {
    self.name = name
    self.argumentCount = Int32(argumentCount ?? -1)
    self.isPure = pure
    self.kind = .aggregate { Aggregate() }
  }

  /// SQLite identifies a function by its name (case-insensitive) and argument count.
  var key: String { "\(name.lowercased())/\(argumentCount)" }

  /// `uuid()`: a random version-4 UUID as lowercase text, the default of the seeds' primary keys.
  /// Registered on every connection.
  public static let uuid = DatabaseFunction("uuid", argumentCount: 0) { _ in
    UUIDText.string(from: UUID())
  }
}

/// The state of an aggregate function over one group: made with `init()`, fed with `step` for
/// each row, and asked for the result with `finalize`.
public protocol DatabaseAggregate {
  init()
  mutating func step(_ values: [DatabaseValue]) throws
  func finalize() throws -> (any DatabaseValueConvertible)?
}

extension Database {
  /// Makes the function callable from SQL on this connection (replacing one of the same name
  /// and argument count).
  public func add(function: DatabaseFunction) throws {
    let box = Unmanaged.passRetained(function).toOpaque()
    let flags = SQLITE_UTF8 | (function.isPure ? SQLITE_DETERMINISTIC : 0)
    let code: Int32
    switch function.kind {
    case .scalar:
      code = sqlite3_create_function_v2(
        sqliteConnection, function.name, function.argumentCount, flags, box,
        { context, count, values in
          let function = Unmanaged<DatabaseFunction>.fromOpaque(sqlite3_user_data(context)!)
            .takeUnretainedValue()
          guard case .scalar(let body) = function.kind else { return }
          do {
            try setResult(context, try body(databaseValues(count, values)))
          } catch {
            setError(context, error)
          }
        }, nil, nil, { Unmanaged<DatabaseFunction>.fromOpaque($0!).release() })
    case .aggregate:
      code = sqlite3_create_function_v2(
        sqliteConnection, function.name, function.argumentCount, flags, box, nil,
        { context, count, values in
          guard let state = aggregateState(context, create: true) else { return }
          do {
            try state.aggregate.step(databaseValues(count, values))
          } catch {
            state.error = error
          }
        },
        { context in
          let state = aggregateState(context, create: false)
          defer { releaseAggregateState(context) }
          if let error = state?.error {
            setError(context, error)
            return
          }
          do {
            let aggregate = state?.aggregate ?? makeAggregate(context)
            try setResult(context, try aggregate?.finalize())
          } catch {
            setError(context, error)
          }
        }, { Unmanaged<DatabaseFunction>.fromOpaque($0!).release() })
    }
    guard code == SQLITE_OK else {
      throw DatabaseError.from(connection: sqliteConnection, code: code)
    }
    functions[function.key] = function
  }

  /// Removes a function added with ``add(function:)``.
  public func remove(function: DatabaseFunction) {
    sqlite3_create_function_v2(
      sqliteConnection, function.name, function.argumentCount, SQLITE_UTF8, nil, nil, nil, nil, nil)
    functions[function.key] = nil
  }
}

// MARK: - C glue

private final class AggregateState {
  var aggregate: any DatabaseAggregate
  var error: (any Error)?
  init(_ aggregate: any DatabaseAggregate) { self.aggregate = aggregate }
}

private func makeAggregate(_ context: OpaquePointer?) -> (any DatabaseAggregate)? {
  let function = Unmanaged<DatabaseFunction>.fromOpaque(sqlite3_user_data(context)!).takeUnretainedValue()
  guard case .aggregate(let make) = function.kind else { return nil }
  return make()
}

/// The state lives in SQLite's per-group aggregate context as a retained pointer.
private func aggregateState(_ context: OpaquePointer?, create: Bool) -> AggregateState? {
  let size = Int32(create ? MemoryLayout<UnsafeMutableRawPointer?>.size : 0)
  guard
    let slot = sqlite3_aggregate_context(context, size)?.assumingMemoryBound(
      to: UnsafeMutableRawPointer?.self)
  else { return nil }
  if let existing = slot.pointee {
    return Unmanaged<AggregateState>.fromOpaque(existing).takeUnretainedValue()
  }
  guard create, let aggregate = makeAggregate(context) else { return nil }
  let state = AggregateState(aggregate)
  slot.pointee = Unmanaged.passRetained(state).toOpaque()
  return state
}

private func releaseAggregateState(_ context: OpaquePointer?) {
  guard
    let slot = sqlite3_aggregate_context(context, 0)?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self),
    let existing = slot.pointee
  else { return }
  Unmanaged<AggregateState>.fromOpaque(existing).release()
  slot.pointee = nil
}

private func databaseValues(_ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?)
  -> [DatabaseValue]
{
  (0..<Int(count)).map { index in
    let value = values![index]
    switch sqlite3_value_type(value) {
    case SQLITE_INTEGER: return .integer(sqlite3_value_int64(value))
    case SQLITE_FLOAT: return .real(sqlite3_value_double(value))
    case SQLITE_TEXT:
      let bytes = sqlite3_value_bytes(value)
      guard let text = sqlite3_value_text(value) else { return .text("") }
      return .text(String(decoding: UnsafeBufferPointer(start: text, count: Int(bytes)), as: UTF8.self))
    case SQLITE_BLOB:
      guard let blob = sqlite3_value_blob(value) else { return .blob(Data()) }
      return .blob(Data(bytes: blob, count: Int(sqlite3_value_bytes(value))))
    default: return .null
    }
  }
}

private func setResult(_ context: OpaquePointer?, _ result: (any DatabaseValueConvertible)?) throws {
  switch result?.databaseValue ?? .null {
  case .null: sqlite3_result_null(context)
  case .integer(let value): sqlite3_result_int64(context, value)
  case .real(let value): sqlite3_result_double(context, value)
  case .text(var text):
    text.withUTF8 { buffer in
      sqlite3_result_text64(
        context, cString(buffer), UInt64(buffer.count), csqlite_transient(), UInt8(SQLITE_UTF8))
    }
  case .blob(let data):
    if data.isEmpty {
      sqlite3_result_zeroblob(context, 0)
    } else {
      data.withUnsafeBytes {
        sqlite3_result_blob64(context, $0.baseAddress, UInt64($0.count), csqlite_transient())
      }
    }
  }
}

private func setError(_ context: OpaquePointer?, _ error: any Error) {
  if let error = error as? DatabaseError {
    sqlite3_result_error(context, error.message, -1)
    sqlite3_result_error_code(context, error.extendedResultCode.rawValue)
  } else if let description = (error as? any LocalizedError)?.errorDescription {
    // The message the error gives people, as upstream reports it.
    sqlite3_result_error(context, description, -1)
  } else {
    sqlite3_result_error(context, "\(error)", -1)
  }
}
