/// A colour a list can take, by name, packed `0xRRGGBBAA` as `RemindersList.color` stores it.
public struct ListColor: Hashable, Sendable, Identifiable {
  public let name: String
  public let value: Int

  public init(name: String, value: Int) {
    self.name = name
    self.value = value
  }

  public var id: String { name }
  /// `#4a99ef` (the alpha only when it is not opaque).
  public var hex: String { ListColorPalette.hexString(value) }
  public var red: Int { value >> 24 & 0xff }
  public var green: Int { value >> 16 & 0xff }
  public var blue: Int { value >> 8 & 0xff }
  public var alpha: Int { value & 0xff }
}

/// The named colours of the list editor, and the reading and writing of colour values.
///
/// Blue (`#4a99ef`) is the default list colour; Orange (`#ed8935`) and Purple (`#b25dd3`) are the
/// sample data's Family and Business lists.
public enum ListColorPalette {
  public static let red = ListColor(name: "Red", value: 0xff3b_30ff)
  public static let orange = ListColor(name: "Orange", value: 0xed89_35ff)
  public static let yellow = ListColor(name: "Yellow", value: 0xf7ce_46ff)
  public static let green = ListColor(name: "Green", value: 0x65c4_66ff)
  public static let mint = ListColor(name: "Mint", value: 0x00c7_beff)
  public static let teal = ListColor(name: "Teal", value: 0x30b0_c7ff)
  public static let blue = ListColor(name: "Blue", value: 0x4a99_efff)
  public static let indigo = ListColor(name: "Indigo", value: 0x5856_d6ff)
  public static let purple = ListColor(name: "Purple", value: 0xb25d_d3ff)
  public static let pink = ListColor(name: "Pink", value: 0xff2d_55ff)
  public static let brown = ListColor(name: "Brown", value: 0xa284_5eff)
  public static let gray = ListColor(name: "Gray", value: 0x8e8e_93ff)

  /// In the order the editor offers them.
  public static let all = [red, orange, yellow, green, mint, teal, blue, indigo, purple, pink, brown, gray]

  /// The colour of a new list: `RemindersList.defaultColor`.
  public static let defaultColor = blue

  /// The colour with this name, ignoring case and surrounding spaces (`grey` is `Gray`).
  public static func color(named name: String) -> ListColor? {
    let name = name.trimmingCharacters(in: .whitespaces)
    if name.caseInsensitiveCompare("grey") == .orderedSame { return gray }
    return all.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
  }

  /// The name of a value that is exactly one of the palette's colours.
  public static func name(of value: Int) -> String? {
    all.first { $0.value == value }?.name
  }

  /// The palette colour closest to any value, by a perceptual distance over red, green and blue
  /// (alpha ignored), so that a list coloured elsewhere still gets a name and a terminal colour.
  public static func nearest(to value: Int) -> ListColor {
    let color = ListColor(name: "", value: value & 0xffff_ffff)
    var best = defaultColor
    var bestDistance = Int.max
    for candidate in all {
      // The "redmean" approximation: red and blue differences weigh by how red the pair is.
      let redMean = (color.red + candidate.red) / 2
      let red = color.red - candidate.red
      let green = color.green - candidate.green
      let blue = color.blue - candidate.blue
      // Parenthesised: in Swift a shift binds tighter than a product.
      let distance =
        ((512 + redMean) * red * red) / 256 + 4 * green * green + ((767 - redMean) * blue * blue) / 256
      if distance < bestDistance {
        best = candidate
        bestDistance = distance
      }
    }
    return best
  }

  /// `#4a99ef` for an opaque colour, `#4a99ef80` otherwise, or always `#rrggbbaa` when asked. Only
  /// the low 32 bits of the value count.
  public static func hexString(_ value: Int, includingAlpha: Bool = false) -> String {
    let value = value & 0xffff_ffff
    let digits = String(value, radix: 16)
    let padded = String(repeating: "0", count: 8 - digits.count) + digits
    return "#" + (includingAlpha || value & 0xff != 0xff ? padded : String(padded.prefix(6)))
  }

  /// `#4a99ef`, `4a99ef`, `#4a99efff`, `#fff`, `0x4a99efff` (case-insensitive) as a packed value;
  /// without alpha, the colour is opaque. Nil for anything else.
  public static func value(fromHex text: String) -> Int? {
    var digits = Substring(text.trimmingCharacters(in: .whitespaces))
    if digits.hasPrefix("#") {
      digits = digits.dropFirst()
    } else if digits.lowercased().hasPrefix("0x") {
      digits = digits.dropFirst(2)
    }
    guard digits.allSatisfy(\.isHexDigit), let value = Int(digits, radix: 16) else { return nil }
    switch digits.count {
    case 3:
      let expanded = digits.map { "\($0)\($0)" }.joined()
      return Int(expanded, radix: 16).map { $0 << 8 | 0xff }
    case 6: return value << 8 | 0xff
    case 8: return value
    default: return nil
    }
  }

  /// A colour typed by a person: a palette name (`purple`) or a hex value (`#b25dd3`).
  public static func value(from text: String) throws(ListColorError) -> Int {
    if let color = color(named: text) { return color.value }
    if let value = value(fromHex: text) { return value }
    throw ListColorError(input: text)
  }
}

/// A colour that is neither a palette name nor a hex value.
public struct ListColorError: Error, Hashable, Sendable, CustomStringConvertible {
  public let input: String

  public init(input: String) { self.input = input }

  public var description: String {
    let names = ListColorPalette.all.map(\.name).joined(separator: ", ")
    return "“\(input)” is not a colour: use one of \(names), or a hex value such as #4a99ef."
  }
}
