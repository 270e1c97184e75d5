import RemindersKit
import Testing

@Suite struct ListColorPaletteTests {
  @Test func theSampleListsColoursAreNamed() {
    #expect(ListColorPalette.name(of: 0x4a99_efff) == "Blue")
    #expect(ListColorPalette.name(of: 0xed89_35ff) == "Orange")
    #expect(ListColorPalette.name(of: 0xb25d_d3ff) == "Purple")
    #expect(ListColorPalette.defaultColor.value == RemindersList.defaultColor)
    #expect(ListColorPalette.name(of: 0x1234_56ff) == nil)
  }

  @Test func thePaletteHasTwelveDistinctColours() {
    let names = ListColorPalette.all.map(\.name)
    #expect(
      names == [
        "Red", "Orange", "Yellow", "Green", "Mint", "Teal", "Blue", "Indigo", "Purple", "Pink", "Brown",
        "Gray",
      ])
    #expect(Set(ListColorPalette.all.map(\.value)).count == 12)
    #expect(ListColorPalette.all.allSatisfy { $0.alpha == 0xff })
  }

  @Test(arguments: [
    ("blue", "Blue"), ("PURPLE", "Purple"), (" Orange ", "Orange"), ("grey", "Gray"), ("Gray", "Gray"),
  ])
  func lookupByNameIgnoresCase(_ text: String, _ name: String) {
    #expect(ListColorPalette.color(named: text)?.name == name)
  }

  @Test func unknownNamesAreNil() {
    #expect(ListColorPalette.color(named: "chartreuse") == nil)
    #expect(ListColorPalette.color(named: "") == nil)
  }

  @Test func hexFormatting() {
    #expect(ListColorPalette.hexString(0x4a99_efff) == "#4a99ef")
    #expect(ListColorPalette.hexString(0x4a99_ef80) == "#4a99ef80")
    #expect(ListColorPalette.hexString(0x4a99_efff, includingAlpha: true) == "#4a99efff")
    #expect(ListColorPalette.hexString(0x0000_00ff) == "#000000")
    #expect(ListColorPalette.hexString(0) == "#00000000")
    #expect(ListColorPalette.blue.hex == "#4a99ef")
    let purple = ListColorPalette.purple
    #expect([purple.red, purple.green, purple.blue, purple.alpha] == [0xb2, 0x5d, 0xd3, 0xff])
  }

  @Test(arguments: [
    ("#4a99ef", 0x4a99_efff), ("4A99EF", 0x4a99_efff), ("#4a99ef80", 0x4a99_ef80), ("#fff", 0xffff_ffff),
    ("#0a0", 0x00aa_00ff), ("0x4a99efff", 0x4a99_efff), (" #ed8935 ", 0xed89_35ff),
  ])
  func hexParsing(_ text: String, _ value: Int) {
    #expect(ListColorPalette.value(fromHex: text) == value)
  }

  @Test(arguments: ["", "#", "#12345", "#1234567", "#gggggg", "#+12345", "red", "#4a99ef00ff", "0x"])
  func badHexIsNil(_ text: String) {
    #expect(ListColorPalette.value(fromHex: text) == nil)
  }

  @Test func hexRoundTripsForEveryPaletteColour() {
    for color in ListColorPalette.all {
      #expect(ListColorPalette.value(fromHex: color.hex) == color.value)
      #expect(
        ListColorPalette.value(fromHex: ListColorPalette.hexString(color.value, includingAlpha: true))
          == color.value)
    }
  }

  @Test func typedColoursAreNamesOrHex() throws {
    #expect(try ListColorPalette.value(from: "purple") == 0xb25d_d3ff)
    #expect(try ListColorPalette.value(from: "#123456") == 0x1234_56ff)
    #expect {
      try ListColorPalette.value(from: "chartreuse")
    } throws: { error in
      let description = (error as? ListColorError)?.description ?? ""
      return description.hasPrefix("“chartreuse” is not a colour: use one of Red, Orange,")
        && description.contains("#4a99ef")
    }
  }

  @Test(arguments: [
    (0xff00_00ff, "Red"), (0xee88_33ff, "Orange"), (0x0000_ffff, "Indigo"), (0x4a99_ee00, "Blue"),
    (0x8080_80ff, "Gray"), (0x00ff_00ff, "Green"), (0xffff_00ff, "Yellow"), (0xa000_f0ff, "Purple"),
    (0x7a5a_3cff, "Brown"), (0xff40_80ff, "Pink"), (0x20b0_c0ff, "Teal"),
  ])
  func nearestNamedColour(_ value: Int, _ name: String) {
    #expect(ListColorPalette.nearest(to: value).name == name)
  }

  @Test func everyPaletteColourIsNearestToItself() {
    for color in ListColorPalette.all {
      #expect(ListColorPalette.nearest(to: color.value) == color)
    }
  }
}
