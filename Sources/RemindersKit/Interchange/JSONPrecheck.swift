import Foundation

/// What an archive's bytes must be before the JSON decoder reads them: UTF-8 text, nested no
/// deeper than an archive ever is. The decoder refuses both, but says where poorly, and on some
/// such inputs Foundation's scanner stops the process while it works out where the error is.
enum JSONPrecheck {
  /// An archive is an object of arrays of objects; far more than that is not an archive.
  static let maximumDepth = 32

  static func check(_ data: Data) throws(RemindersArchiveError) {
    var line = 1
    var column = 1
    var depth = 0
    var isInString = false
    var isEscaped = false
    var iterator = data.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    while true {
      let encoded: Unicode.UTF8.EncodedScalar
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): encoded = scalar
      case .emptyInput: return
      case .error:
        throw RemindersArchiveError(
          path: "",
          message: "not UTF-8 text: a byte at line \(line), column \(column) is not part of a character")
      }
      let byte = encoded.count == 1 ? encoded.first! : 0x80
      defer {
        if byte == UInt8(ascii: "\n") {
          line += 1
          column = 1
        } else {
          column += 1
        }
      }
      if isInString {
        if isEscaped {
          isEscaped = false
        } else if byte == UInt8(ascii: "\\") {
          isEscaped = true
        } else if byte == UInt8(ascii: "\"") {
          isInString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        isInString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        if depth > maximumDepth {
          throw RemindersArchiveError(
            path: "",
            message: "not an archive: at line \(line), column \(column) it is nested \(depth) levels deep "
              + "(an archive is an object of arrays of objects)")
        }
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        depth -= 1
      default:
        break
      }
    }
  }
}
