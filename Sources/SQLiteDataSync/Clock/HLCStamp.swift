import Foundation

/// A hybrid-logical-clock time: milliseconds since 1970 in the high 48 bits, a counter in the low
/// 16. Stamps of one device only grow, and a device that has seen a stamp makes larger ones after
/// it, whatever its wall clock says, so an edit made after seeing another edit wins over it.
///
/// In JSON a stamp is 16 lowercase hex digits, so that text order is time order and no JSON
/// reader rounds it.
public struct HLCStamp: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var rawValue: Int64
  public init(rawValue: Int64) { self.rawValue = rawValue }

  public init(milliseconds: Int64, counter: Int64 = 0) {
    rawValue = milliseconds << 16 | (counter & 0xFFFF)
  }

  public static let zero = HLCStamp(rawValue: 0)

  public var milliseconds: Int64 { rawValue >> 16 }
  public var counter: Int64 { rawValue & 0xFFFF }

  public static func < (lhs: HLCStamp, rhs: HLCStamp) -> Bool { lhs.rawValue < rhs.rawValue }

  public var hex: String {
    String(unsafeUninitializedCapacity: 16) { buffer in
      writeHex(into: buffer)
      return 16
    }
  }

  /// The 16 lowercase hex digits, most significant first.
  func writeHex(into buffer: UnsafeMutableBufferPointer<UInt8>) {
    let value = UInt64(bitPattern: rawValue)
    for index in 0..<16 {
      let digit = UInt8(truncatingIfNeeded: value >> (60 - 4 * UInt64(index))) & 0xF
      buffer[index] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
    }
  }

  public init?(hex: String) {
    guard hex.utf8.count == 16, let value = UInt64(hex, radix: 16) else { return nil }
    rawValue = Int64(bitPattern: value)
  }

  public var description: String { "\(milliseconds).\(counter)" }
}
