import Testing

@testable import TerminalUI

@Suite("Text width, truncation, padding and wrapping")
struct TextWidthTests {
  @Test func asciiIsOneColumnEach() {
    #expect("hello".terminalWidth == 5)
    #expect(Character("a").terminalWidth == 1)
    #expect("".terminalWidth == 0)
  }

  @Test func eastAsianCharactersAreTwoColumns() {
    #expect(Character("日").terminalWidth == 2)
    #expect("日本語".terminalWidth == 6)
    #expect("한국어".terminalWidth == 6)
    #expect("ｱ".terminalWidth == 1)  // half-width katakana
    #expect("Ａ".terminalWidth == 2)  // full-width Latin
  }

  @Test func combiningMarksAddNothing() {
    let decomposed = "e\u{301}"
    #expect(decomposed.count == 1)
    #expect(decomposed.terminalWidth == 1)
    #expect("Z\u{351}\u{36B}\u{343}\u{36A}".terminalWidth == 1)
    #expect(Character("\u{301}").terminalWidth == 0)  // a lone mark draws nothing of its own
  }

  @Test func emojiAreTwoColumns() {
    #expect("😀".terminalWidth == 2)
    #expect("👍🏽".terminalWidth == 2)  // with a skin-tone modifier
    #expect("👩‍👩‍👧".terminalWidth == 2)  // a ZWJ family
    #expect("🇫🇷".terminalWidth == 2)  // a flag
    #expect("❤️".terminalWidth == 2)  // text-default heart with the emoji selector
    #expect("❤".terminalWidth == 1)  // and without it
  }

  @Test func controlCharactersAreSanitized() {
    #expect(Character("\u{1B}").sanitizedForTerminal == "\u{FFFD}")
    #expect(Character("\t").sanitizedForTerminal == " ")
    #expect(Character("\r\n").sanitizedForTerminal == "\u{FFFD}")
    #expect(Character("\u{85}").sanitizedForTerminal == "\u{FFFD}")
    #expect(Character("x").sanitizedForTerminal == "x")
    #expect("a\u{7}b".terminalWidth == 3)
  }

  @Test func invalidUTF8DecodesToReplacementCharacters() {
    let text = String(decoding: [0x61, 0xFF, 0xC3, 0x62], as: UTF8.self)
    #expect(text.terminalWidth == 4)
    #expect(text.truncated(toWidth: 3) == "a\u{FFFD}…")
  }

  @Test func truncation() {
    #expect("hello world".truncated(toWidth: 8) == "hello w…")
    #expect("hello".truncated(toWidth: 5) == "hello")
    #expect("hello".truncated(toWidth: 1) == "…")
    #expect("hello".truncated(toWidth: 0) == "")
    #expect("hello".truncated(toWidth: -3) == "")
    // A wide character never straddles the limit.
    #expect("日本語です".truncated(toWidth: 6) == "日本…")
    #expect("日本語です".truncated(toWidth: 5) == "日本…")
    #expect("日本語です".truncated(toWidth: 5).terminalWidth == 5)
    #expect("ab😀cd".truncated(toWidth: 4) == "ab…")
    #expect("cafe\u{301} latte".truncated(toWidth: 5) == "cafe\u{301}…")
  }

  @Test func clipping() {
    #expect("日本語".clipped(toWidth: 3) == "日 ")
    #expect("abc".clipped(toWidth: 5) == "abc")
  }

  @Test func padding() {
    #expect("ab".padded(toWidth: 5) == "ab   ")
    #expect("ab".padded(toWidth: 5, alignment: .trailing) == "   ab")
    #expect("ab".padded(toWidth: 5, alignment: .center) == " ab  ")
    #expect("日本".padded(toWidth: 5) == "日本 ")
    #expect("abcdef".padded(toWidth: 4) == "abc…")
  }

  @Test func wrapping() {
    #expect("the quick brown fox".wrapped(toWidth: 10) == ["the quick", "brown fox"])
    #expect("one\n\ntwo".wrapped(toWidth: 10) == ["one", "", "two"])
    #expect("abcdefghij".wrapped(toWidth: 4) == ["abcd", "efgh", "ij"])
    #expect("日本語のテキスト".wrapped(toWidth: 5) == ["日本", "語の", "テキ", "スト"])
    #expect("".wrapped(toWidth: 5) == [""])
    #expect("word".wrapped(toWidth: 0) == [])
    for line in "a mixture of 日本語 and emoji 😀😀😀 wrapped".wrapped(toWidth: 7) {
      #expect(line.terminalWidth <= 7)
    }
  }
}
