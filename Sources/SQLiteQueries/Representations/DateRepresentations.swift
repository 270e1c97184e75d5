import Foundation
import SQLiteEngine

extension Date {
  /// A date stored as whole seconds since 1970 (INTEGER): `@Column(as: Date.UnixTimeRepresentation.self)`.
  public struct UnixTimeRepresentation: QueryBindable, Hashable {
    public var queryOutput: Date
    public init(queryOutput: Date) { self.queryOutput = queryOutput }
    public var queryBinding: QueryBinding { .int(Int64(queryOutput.timeIntervalSince1970.rounded(.down))) }
    public init(decoder: inout QueryDecoder) throws {
      queryOutput = Date(timeIntervalSince1970: Double(try decoder.decode(Int64.self)))
    }
  }

  /// A date stored as a Julian day number (REAL): `@Column(as: Date.JulianDayRepresentation.self)`.
  public struct JulianDayRepresentation: QueryBindable, Hashable {
    public var queryOutput: Date
    public init(queryOutput: Date) { self.queryOutput = queryOutput }
    /// The Julian day of 1970-01-01 00:00 UTC.
    static let unixEpochJulianDay = 2_440_587.5
    public var queryBinding: QueryBinding {
      .double(queryOutput.timeIntervalSince1970 / 86_400 + Self.unixEpochJulianDay)
    }
    public init(decoder: inout QueryDecoder) throws {
      let julianDay = try decoder.decode(Double.self)
      queryOutput = Date(timeIntervalSince1970: (julianDay - Self.unixEpochJulianDay) * 86_400)
    }
  }
}

extension UUID {
  /// A UUID stored as its 16 bytes (BLOB).
  public struct BytesRepresentation: QueryBindable, Hashable {
    public var queryOutput: UUID
    public init(queryOutput: UUID) { self.queryOutput = queryOutput }
    public var queryBinding: QueryBinding {
      .blob(withUnsafeBytes(of: queryOutput.uuid) { [UInt8]($0) })
    }
    public init(decoder: inout QueryDecoder) throws {
      let index = decoder.currentIndex
      let bytes = try decoder.decode([UInt8].self)
      guard bytes.count == 16 else {
        throw QueryDecodingError(
          message: "Expected column \(index) to hold 16 bytes of a UUID, but found \(bytes.count)")
      }
      queryOutput = UUID(
        uuid: (
          bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
          bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        ))
    }
  }

  /// A UUID stored as uppercase text, as some other databases write them.
  public struct UppercasedRepresentation: QueryBindable, Hashable {
    public var queryOutput: UUID
    public init(queryOutput: UUID) { self.queryOutput = queryOutput }
    public var queryBinding: QueryBinding { .text(queryOutput.uuidString) }
    public init(decoder: inout QueryDecoder) throws { queryOutput = try decoder.decode(UUID.self) }
  }
}
