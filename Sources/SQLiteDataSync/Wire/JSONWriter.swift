/// Writes JSON into bytes, with no intermediate tree: the sync engine encodes every record it
/// sends and stores, and Foundation's `JSONEncoder` cost more than the round trip to the server.
///
/// Commas are placed by the writer: after a value, the next key or array element gets one.
struct JSONWriter {
  private(set) var bytes: [UInt8] = []
  private var needsComma = false

  init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

  var text: String { String(decoding: bytes, as: UTF8.self) }

  mutating func beginObject() {
    separate()
    bytes.append(UInt8(ascii: "{"))
    needsComma = false
  }

  mutating func endObject() {
    bytes.append(UInt8(ascii: "}"))
    needsComma = true
  }

  mutating func beginArray() {
    separate()
    bytes.append(UInt8(ascii: "["))
    needsComma = false
  }

  mutating func endArray() {
    bytes.append(UInt8(ascii: "]"))
    needsComma = true
  }

  /// A member's key; its value comes next.
  mutating func key(_ key: StaticString) {
    separate()
    bytes.append(UInt8(ascii: "\""))
    key.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    needsComma = false
  }

  /// A key that comes from data (a column name), escaped as any string.
  mutating func key(_ key: String) {
    string(key)
    bytes.append(UInt8(ascii: ":"))
    needsComma = false
  }

  /// A value encoded before, as JSON text.
  mutating func encoded(_ text: String) {
    separate()
    bytes.append(contentsOf: text.utf8)
    needsComma = true
  }

  mutating func null() {
    separate()
    bytes.append(contentsOf: "null".utf8)
    needsComma = true
  }

  mutating func bool(_ value: Bool) {
    separate()
    bytes.append(contentsOf: value ? "true".utf8 : "false".utf8)
    needsComma = true
  }

  mutating func integer(_ value: Int64) {
    separate()
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    let start = bytes.count
    repeat {
      bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
      magnitude /= 10
    } while magnitude > 0
    bytes[start...].reverse()
    needsComma = true
  }

  /// A finite double in its shortest round-tripping form; JSON has no infinities or NaN, so
  /// those are written as the strings `Infinity`, `-Infinity` and `NaN`.
  mutating func double(_ value: Double) {
    if value.isFinite {
      separate()
      bytes.append(contentsOf: value.description.utf8)
      needsComma = true
    } else {
      string(value.isNaN ? "NaN" : value < 0 ? "-Infinity" : "Infinity")
    }
  }

  mutating func string(_ value: String) {
    separate()
    bytes.append(UInt8(ascii: "\""))
    var value = value
    value.withUTF8 { utf8 in
      var start = 0
      for (index, byte) in utf8.enumerated()
      where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
        start = index + 1
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
        case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
        case UInt8(ascii: "\n"): bytes.append(contentsOf: #"\n"#.utf8)
        case UInt8(ascii: "\r"): bytes.append(contentsOf: #"\r"#.utf8)
        case UInt8(ascii: "\t"): bytes.append(contentsOf: #"\t"#.utf8)
        default:
          bytes.append(contentsOf: #"\u00"#.utf8)
          bytes.append(Self.hexDigit(byte >> 4))
          bytes.append(Self.hexDigit(byte & 0xF))
        }
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
    }
    bytes.append(UInt8(ascii: "\""))
    needsComma = true
  }

  /// A stamp as its 16 hex digits, a string with nothing to escape.
  mutating func stamp(_ stamp: HLCStamp) {
    separate()
    bytes.append(UInt8(ascii: "\""))
    let start = bytes.count
    bytes.append(contentsOf: repeatElement(0, count: 16))
    bytes.withUnsafeMutableBufferPointer {
      stamp.writeHex(into: UnsafeMutableBufferPointer(rebasing: $0[start...]))
    }
    bytes.append(UInt8(ascii: "\""))
    needsComma = true
  }

  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }

  private mutating func separate() {
    if needsComma { bytes.append(UInt8(ascii: ",")) }
  }
}
