import Foundation

/// A parsed JSON document: what the server and the metadatabase hand back, read into values the
/// wire types then take apart.
enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  /// A number written without a fraction or exponent that fits in 64 bits.
  case integer(Int64)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// Parses a whole document; anything but whitespace after it is an error.
  init(parsing text: String) throws {
    self = try JSONReader.read(text) { reader in try reader.value() }
  }
}

/// A JSON text that could not be read, or a value of another shape than expected.
struct WireJSONError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// A recursive-descent reader over UTF-8 bytes. Besides reading whole values, it lets a decoder
/// walk an object member by member and take what it needs straight from the bytes, with no
/// document tree: the fields of every record pulled or sent are read this way.
struct JSONReader {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  private var depth = 0

  private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// Reads a whole document with `body`; anything but whitespace after what it read is an error.
  static func read<T>(_ text: String, _ body: (inout JSONReader) throws -> T) throws -> T {
    var text = text
    return try text.withUTF8 { utf8 in
      var reader = JSONReader(utf8)
      let value = try body(&reader)
      reader.skipWhitespace()
      guard reader.index == utf8.count else { throw reader.error("unexpected text after the document") }
      return value
    }
  }

  func error(_ message: String) -> WireJSONError { WireJSONError("JSON at byte \(index): \(message)") }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
      default: return
      }
    }
  }

  /// The next value, whole.
  mutating func value() throws(WireJSONError) -> JSONValue {
    skipWhitespace()
    guard index < bytes.count else { throw error("a value was expected") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    default: return try number()
    }
  }

  private mutating func nest() throws(WireJSONError) {
    depth += 1
    // Records nest a few levels; a deeper document is not one of ours.
    guard depth <= 64 else { throw error("nested too deeply") }
  }

  private mutating func object() throws(WireJSONError) -> JSONValue {
    var members: [String: JSONValue] = [:]
    try readObject { reader, key throws(WireJSONError) in members[key] = try reader.value() }
    return .object(members)
  }

  /// Reads an object member by member: `member` gets each key, and reads its value.
  mutating func readObject(_ member: (inout JSONReader, String) throws(WireJSONError) -> Void)
    throws(WireJSONError)
  {
    skipWhitespace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else {
      throw error("an object was expected")
    }
    try nest()
    index += 1
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("a key was expected") }
      let key = try string()
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("':' was expected") }
      index += 1
      try member(&self, key)
      skipWhitespace()
      guard index < bytes.count else { throw error("the object is not closed") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "}") {
        index += 1
        depth -= 1
        return
      } else {
        throw error("',' or '}' was expected")
      }
    }
  }

  /// A stamp, read from its 16 hex digits without making a string of them.
  mutating func stamp() throws(WireJSONError) -> HLCStamp {
    skipWhitespace()
    guard index + 18 <= bytes.count, bytes[index] == UInt8(ascii: "\""),
      bytes[index + 17] == UInt8(ascii: "\"")
    else { throw error("a stamp is 16 hex digits") }
    let value = try hexNumber(index + 1..<index + 17, or: "a stamp is 16 hex digits")
    index += 18
    return HLCStamp(rawValue: Int64(bitPattern: value))
  }

  /// The number that the hex digits at `range` spell; anything else there is `message`.
  private func hexNumber(_ range: Range<Int>, or message: String) throws(WireJSONError) -> UInt64 {
    var value: UInt64 = 0
    for byte in bytes[range] {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error(message)
      }
      value = value << 4 | UInt64(digit)
    }
    return value
  }

  private mutating func array() throws(WireJSONError) -> JSONValue {
    try nest()
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      elements.append(try value())
      skipWhitespace()
      guard index < bytes.count else { throw error("the array is not closed") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "]") {
        index += 1
        depth -= 1
        return .array(elements)
      } else {
        throw error("',' or ']' was expected")
      }
    }
  }

  private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(WireJSONError) -> JSONValue {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count,
      word.withUTF8Buffer({ $0.elementsEqual(bytes[index..<index + count]) })
    else { throw error("unexpected text") }
    index += count
    return value
  }

  private mutating func number() throws(WireJSONError) -> JSONValue {
    let start = index
    var isInteger = true
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): break
      case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-"):
        isInteger = false
      default:
        return try finishNumber(from: start, isInteger: isInteger)
      }
      index += 1
    }
    return try finishNumber(from: start, isInteger: isInteger)
  }

  private func finishNumber(from start: Int, isInteger: Bool) throws(WireJSONError) -> JSONValue {
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    if isInteger, let integer = Int64(text) { return .integer(integer) }
    guard !text.isEmpty, text != "-", let double = Double(text) else { throw error("not a value: '\(text)'") }
    return .double(double)
  }

  private mutating func string() throws(WireJSONError) -> String {
    index += 1
    let start = index
    // Most strings have no escapes: they are taken whole.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        index += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      guard byte >= 0x20 else { throw error("a control character in a string") }
      index += 1
    }
    var decoded = Array(bytes[start..<index])
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(decoding: decoded, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard index < bytes.count else { break }
        let escaped = bytes[index]
        index += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escaped)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
          var scalar = try hex4()
          if (0xD800..<0xDC00).contains(scalar), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
          {
            index += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("a lone surrogate in a string") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          }
          // A lone surrogate becomes U+FFFD, as invalid UTF-8 does.
          let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
          decoded.append(contentsOf: String(character).utf8)
        default:
          throw error("an unknown escape in a string")
        }
      default:
        guard byte >= 0x20 else { throw error("a control character in a string") }
        decoded.append(byte)
      }
    }
    throw error("the string is not closed")
  }

  private mutating func hex4() throws(WireJSONError) -> UInt32 {
    let message = "a \\u escape needs four hex digits"
    guard index + 4 <= bytes.count else { throw error(message) }
    let value = try hexNumber(index..<index + 4, or: message)
    index += 4
    return UInt32(value)
  }
}
