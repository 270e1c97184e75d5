import CSQLite
import Foundation

/// UUIDs are stored as 36-character lowercase text. Reading accepts any case, and a 16-byte blob.
extension UUID: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .text(UUIDText.string(from: self)) }

  public static func fromDatabaseValue(_ value: DatabaseValue) -> UUID? {
    switch value {
    case .text(var text): return text.withUTF8 { UUIDText.uuid(from: $0) }
    case .blob(let data): return UUIDText.uuid(fromBytes: data)
    default: return nil
    }
  }

  @inline(__always)
  public func bind(to statement: SQLiteStatement, at index: Int32) throws {
    let code = UUIDText.withText(of: self) { buffer in
      sqlite3_bind_text(
        statement, index, UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self),
        36, csqlite_transient())
    }
    try check(code, statement)
  }

  @inline(__always)
  public static func decode(from statement: SQLiteStatement, at index: Int32) -> UUID? {
    // One column call; the sqlite3_value_* calls that follow cost less.
    let value = sqlite3_column_value(statement, index)
    switch sqlite3_value_type(value) {
    case SQLITE_TEXT:
      guard let text = sqlite3_value_text(value) else { return nil }
      let count = Int(sqlite3_value_bytes(value))
      return UUIDText.uuid(from: UnsafeBufferPointer(start: text, count: count))
    case SQLITE_BLOB:
      return UUIDText.uuid(fromBytes: Data(sqliteBlob: value))
    default:
      return nil
    }
  }
}

/// Fast lowercase formatting and any-case parsing of UUID text.
public enum UUIDText {
  public static func string(from uuid: UUID) -> String {
    withText(of: uuid) { String(decoding: $0, as: UTF8.self) }
  }

  static func withText<R>(of uuid: UUID, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    let hex: StaticString = "0123456789abcdef"
    return withUnsafeBytes(of: uuid.uuid) { bytes in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { buffer in
        let digits = hex.utf8Start
        var output = 0
        for (index, byte) in bytes.enumerated() {
          if index == 4 || index == 6 || index == 8 || index == 10 {
            buffer[output] = UInt8(ascii: "-")
            output += 1
          }
          buffer[output] = digits[Int(byte >> 4)]
          buffer[output + 1] = digits[Int(byte & 0x0F)]
          output += 2
        }
        return body(UnsafeBufferPointer(buffer))
      }
    }
  }

  static func uuid(from text: UnsafeBufferPointer<UInt8>) -> UUID? {
    guard text.count == 36, let characters = text.baseAddress else {
      return UUID(uuidString: String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespaces))
    }
    let dash = UInt8(ascii: "-")
    guard characters[8] == dash, characters[13] == dash, characters[18] == dash, characters[23] == dash
    else { return nil }
    return hexDigits.withUnsafeBufferPointer { digits -> UUID? in
      // Any character that is not a digit leaves a bit above the low nibble set in `invalid`: one
      // test at the end instead of one per digit.
      var invalid: UInt8 = 0
      func byte(at offset: Int) -> UInt8 {
        let high = digits[Int(characters[offset])]
        let low = digits[Int(characters[offset + 1])]
        invalid |= high | low
        return high << 4 | low
      }
      // Each byte's two digits where they lie, around the dashes: straight-line code, where a loop
      // worked out each position (a UUID read per row of a fetch).
      let bytes: uuid_t = (
        byte(at: 0), byte(at: 2), byte(at: 4), byte(at: 6), byte(at: 9), byte(at: 11), byte(at: 14),
        byte(at: 16), byte(at: 19), byte(at: 21), byte(at: 24), byte(at: 26), byte(at: 28), byte(at: 30),
        byte(at: 32), byte(at: 34)
      )
      return invalid & 0xF0 == 0 ? UUID(uuid: bytes) : nil
    }
  }

  /// The value of each character as a hexadecimal digit, in any case; 0xFF for any other.
  private static let hexDigits: [UInt8] = (0...255).map { character in
    switch UInt8(character) {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(character) - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt8(character) - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt8(character) - UInt8(ascii: "A") + 10
    default: 0xFF
    }
  }

  static func uuid(fromBytes data: Data) -> UUID? {
    guard data.count == 16 else { return nil }
    var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &bytes) { $0.copyBytes(from: data) }
    return UUID(uuid: bytes)
  }
}
