import Foundation
import Synchronization

/// One column of one row on the screen.
///
/// A cell is plain data (no reference counting), because a frame copies thousands of them: the
/// grapheme is kept as its Unicode scalar when it has one scalar, as nearly all do, and graphemes
/// of several scalars (emoji sequences, letters with combining marks) as a number in a shared table.
public struct Cell: Hashable, Sendable {
  /// The scalar's value, or `internedBit` plus the grapheme's number in the shared table.
  private var code: UInt32
  public var style: Style
  /// Columns the grapheme covers: 1 or 2, or 0 for the right half of a wide character.
  public var width: UInt8

  private static let internedBit: UInt32 = 0x8000_0000

  /// The grapheme drawn here; a space for the right half of a wide character.
  public var grapheme: Character {
    get {
      guard code & Self.internedBit != 0 else { return Unicode.Scalar(code).map(Character.init) ?? " " }
      return GraphemeTable.shared.grapheme(code & ~Self.internedBit)
    }
    set { code = Self.code(for: newValue) }
  }

  public init(_ grapheme: Character, style: Style = .normal, width: UInt8 = 1) {
    self.code = Self.code(for: grapheme)
    self.style = style
    self.width = width
  }

  public static let blank = Cell(" ")

  public static func blank(_ style: Style) -> Cell {
    Cell(" ", style: style)
  }

  /// True for the right half of a wide character, which the terminal fills by itself.
  public var isContinuation: Bool { width == 0 }

  private static func code(for grapheme: Character) -> UInt32 {
    // One UTF-8 byte is ASCII, the common case (`asciiValue` would compare with "\r\n" first).
    let utf8 = grapheme.utf8
    if utf8.count == 1, let byte = utf8.first { return UInt32(byte) }
    var scalars = grapheme.unicodeScalars.makeIterator()
    if let first = scalars.next(), scalars.next() == nil { return first.value }
    return GraphemeTable.shared.number(of: grapheme) | internedBit
  }
}

/// The graphemes of several scalars drawn so far, numbered once each for the life of the program.
final class GraphemeTable: Sendable {
  static let shared = GraphemeTable()
  private let table = Mutex((numbers: [Character: UInt32](), graphemes: [Character]()))

  func number(of grapheme: Character) -> UInt32 {
    table.withLock { table in
      if let number = table.numbers[grapheme] { return number }
      let number = UInt32(table.graphemes.count)
      table.graphemes.append(grapheme)
      table.numbers[grapheme] = number
      return number
    }
  }

  func grapheme(_ number: UInt32) -> Character {
    table.withLock { Int(number) < $0.graphemes.count ? $0.graphemes[Int(number)] : " " }
  }
}
