import Foundation
import TerminalUI
import Testing

/// Random input through the key decoder: raw bytes, broken UTF-8, values that are no Unicode
/// scalar, curses key codes and names, mouse reports, and pieces of the escape sequences terminals
/// send (CSI and SS3 keys, bracketed paste, SGR mouse reports) with parameters of every size, cut
/// short or run together. A terminal sends all of this when a key is held, a paste is large, or a
/// program writes to the wrong place; the decoder must not crash, must let go of everything it holds
/// once the escape delay passes (or the paste ends), and must never type a control character.
///
/// Each sequence comes from the seed and its iteration number alone, so a failure replays without
/// the sequences before it.
///
/// The loop gives way to other tests every 500 inputs: the cooperative pool has one thread per
/// core, and a fuzz loop holding both would stall the tests beside it that wait on a timer.
@Suite("The key decoder survives random input")
struct InputDecoderFuzzTests {
  static let seed: UInt64 = 0x5EED_0000_4B45_0001
  static let iterations = 20_000
  /// `ESC [ 201 ~`: what ends a bracketed paste.
  static let pasteEnd = "\u{1B}[201~".unicodeScalars.map { RawInput.character($0.value) }

  @Test func randomInputDecodesAndSettles() async {
    var checks = DecoderFuzzChecks(seed: Self.seed)
    var seen = Set<String>()
    for iteration in 0..<Self.iterations {
      if iteration.isMultiple(of: 500) { await Task.yield() }
      var generator = RawInputGenerator(seed: Self.seed, iteration: iteration)
      let inputs = generator.inputs()
      (checks.iteration, checks.inputs) = (iteration, inputs)
      var decoder = InputDecoder()
      var events: [KeyEvent] = []

      // In batches, as get_wch delivers what is available, with the escape delay passing now and then.
      var start = 0
      while start < inputs.count {
        let end = min(inputs.count, start + 1 + generator.below(6))
        events += decoder.decode(inputs[start..<end])
        start = end
        if generator.below(6) == 0 {
          events += settle(&decoder, &checks)
        }
      }
      events += settle(&decoder, &checks)

      // Nothing is left: a paste still open ends with its end marker, as one paste event.
      var fed = inputs.count
      if decoder.isInPaste {
        let ending = decoder.decode(Self.pasteEnd)
        fed += Self.pasteEnd.count
        checks.expect(
          ending.count == 1 && ending.first.map { isPaste($0) } == true, "the paste end gave \(ending)")
        events += ending
      } else {
        let ending = decoder.decode(Self.pasteEnd)
        checks.expect(ending.isEmpty, "a paste end outside a paste gave \(ending)")
      }
      checks.expect(
        !decoder.isInPaste && !decoder.isHoldingEscape, "the decoder still holds input after the paste end")
      // Every event comes from input: no input gives more than one.
      checks.expect(events.count <= fed, "\(events.count) events from \(fed) inputs: \(events)")

      for event in events {
        check(event, &checks)
        seen.insert(kind(of: event))
      }
    }
    checks.recordUnreported()
    // The sequences reach every kind of event, not only noise.
    for kind in ["key", "escape", "alt", "control", "paste", "mouse", "resize", "function"] {
      #expect(seen.contains(kind), "no \(kind) event in \(Self.iterations) sequences")
    }
  }

  /// Control sequences with parameters a terminal never sends, one at a time, so that a crash on
  /// one of them is easy to attribute.
  @Test func extremeParametersInControlSequences() {
    let numbers = [
      "", "0", "1", "-1", "2147483648", "9223372036854775807", "-9223372036854775808", "99999999999999999999",
    ]
    var sequences: [String] = []
    for first in numbers {
      for second in numbers {
        for final in ["A", "P", "u", "~", "M"] {
          sequences.append("\u{1B}[\(first);\(second)\(final)")
          sequences.append("\u{1B}[<\(first);\(second);\(second)\(final)")
          sequences.append("\u{1B}[<0;\(first);\(second)\(final)")
        }
      }
    }
    for text in sequences {
      var decoder = InputDecoder()
      var events = decoder.decode(text.unicodeScalars.map { RawInput.character($0.value) })
      events += decoder.escapeDelayElapsed()
      #expect(!decoder.isHoldingEscape && !decoder.isInPaste, "\(text.debugDescription) left input held")
      for event in events {
        if case .key(let press) = event, let typed = press.text {
          #expect(
            controlScalar(in: typed) == nil,
            "\(text.debugDescription) typed \(String(typed).debugDescription)")
        }
      }
    }
  }

  // MARK: - Properties

  /// Lets the escape delay pass: whatever the decoder held comes out, except a paste, which waits
  /// for its end marker however long it takes.
  private func settle(_ decoder: inout InputDecoder, _ checks: inout DecoderFuzzChecks) -> [KeyEvent] {
    let wasInPaste = decoder.isInPaste
    let events = decoder.escapeDelayElapsed()
    checks.expect(!decoder.isHoldingEscape, "still holding an escape after the delay passed")
    checks.expect(decoder.isInPaste == wasInPaste, "the escape delay started or ended a paste")
    if wasInPaste { checks.expect(events.isEmpty, "the escape delay inside a paste gave \(events)") }
    checks.expect(decoder.escapeDelayElapsed().isEmpty, "the escape delay passing twice gave events twice")
    return events
  }

  /// What the decoder promises about each event: typed text is never a control character (they
  /// come as Control with a letter), a paste has its line breaks as LF and ends before its end
  /// marker, and mouse positions are cells on the screen.
  private func check(_ event: KeyEvent, _ checks: inout DecoderFuzzChecks) {
    switch event {
    case .key(let press):
      if let typed = press.text, let control = controlScalar(in: typed) {
        let code = String(control.value, radix: 16, uppercase: true)
        checks.expect(false, "typed text \(String(typed).debugDescription) holds the control U+\(code)")
      }
    case .paste(let text):
      checks.expect(!text.unicodeScalars.contains("\r"), "a paste holds a CR: \(text.debugDescription)")
      checks.expect(!text.contains("\u{1B}[201~"), "a paste holds its end marker: \(text.debugDescription)")
    case .mouse(let mouse):
      checks.expect(mouse.position.x >= 0 && mouse.position.y >= 0, "a mouse event off the screen: \(mouse)")
    case .resize:
      break
    }
  }

  private func isPaste(_ event: KeyEvent) -> Bool {
    if case .paste = event { return true }
    return false
  }

  private func kind(of event: KeyEvent) -> String {
    switch event {
    case .key(let press):
      if press.key == .escape { return "escape" }
      if case .function = press.key { return "function" }
      if press.modifiers.contains(.control) { return "control" }
      if press.modifiers.contains(.alt) { return "alt" }
      return "key"
    case .paste: return "paste"
    case .mouse: return "mouse"
    case .resize: return "resize"
    }
  }
}

/// The first C0 control, DEL or C1 control in typed text, if any.
private func controlScalar(in character: Character) -> Unicode.Scalar? {
  character.unicodeScalars.first { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
}

/// Failed checks, reported with the seed, the iteration and the input. Each check reports its
/// first three failures and counts the rest, so that a broken property neither floods the log
/// nor hides the failures of the others.
private struct DecoderFuzzChecks {
  let seed: UInt64
  var iteration = 0
  var inputs: [RawInput] = []
  private var failures: [Int: Int] = [:]

  init(seed: UInt64) { self.seed = seed }

  mutating func expect(
    _ condition: Bool, _ property: @autoclosure () -> String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard !condition else { return }
    let count = failures[sourceLocation.line, default: 0] + 1
    failures[sourceLocation.line] = count
    guard count <= 3 else { return }
    Issue.record(
      Comment(
        rawValue: "\(property()) — seed 0x\(String(seed, radix: 16)) iteration \(iteration) input "
          + Self.describe(inputs)),
      sourceLocation: sourceLocation)
  }

  /// How many failures each check had beyond those it reported.
  func recordUnreported(sourceLocation: SourceLocation = #_sourceLocation) {
    for (line, count) in failures.sorted(by: { $0.key < $1.key }) where count > 3 {
      Issue.record(
        "\(count - 3) more failures of the check on line \(line) (seed 0x\(String(seed, radix: 16)))",
        sourceLocation: sourceLocation)
    }
  }

  /// `[1b 5b 41 key:410 name:"kUP5" mouse]`: characters in hex, short enough to paste into a test.
  static func describe(_ inputs: [RawInput]) -> String {
    let parts = inputs.map { input -> String in
      switch input {
      case .character(let value): String(value, radix: 16)
      case .keyCode(let code): "key:\(code)"
      case .namedKey(let name): "name:\(name.debugDescription)"
      case .mouse(let mouse): "mouse:\(mouse.action)@\(mouse.position.x),\(mouse.position.y)"
      }
    }
    return "[" + parts.joined(separator: " ") + "]"
  }
}

/// Sequences of up to 8 pieces of input, each sequence from a seed and an iteration number alone.
private struct RawInputGenerator {
  private var state: UInt64

  init(seed: UInt64, iteration: Int) {
    state = seed &+ UInt64(iteration)
    // One step mixes the iteration in, so that neighbouring iterations share nothing.
    state = next()
  }

  /// SplitMix64.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  mutating func pick<Element>(_ elements: [Element]) -> Element { elements[below(elements.count)] }

  mutating func inputs() -> [RawInput] {
    var inputs: [RawInput] = []
    for _ in 0..<(1 + below(8)) { inputs += piece() }
    return inputs
  }

  private mutating func piece() -> [RawInput] {
    switch below(100) {
    case 0..<25: return characters(pick(Self.fragments))
    case 25..<40: return characters(controlSequence())
    case 40..<52: return (0..<(1 + below(6))).map { _ in RawInput.character(UInt32(below(256))) }
    case 52..<62: return characters(brokenUTF8())
    case 62..<72: return characters(pick(Self.text))
    case 72..<77: return [.character(pick(Self.oddValues))]
    case 77..<84: return [.keyCode(keyCode())]
    case 84..<88: return [.namedKey(pick(Self.keyNames))]
    case 88..<92: return [.mouse(mouse())]
    default: return characters(String(repeating: "\u{1B}", count: 1 + below(3)))
    }
  }

  private func characters(_ text: String) -> [RawInput] {
    text.unicodeScalars.map { .character($0.value) }
  }

  /// `ESC [`, maybe `<` or `?`, up to three parameters, and a final byte, another byte, or none.
  private mutating func controlSequence() -> String {
    var text = "\u{1B}[" + pick(["", "", "", "<", "?", "="])
    let parameters = (0..<below(4)).map { _ in
      below(3) == 0 ? String(below(300)) : pick(Self.parameters)
    }
    text += parameters.joined(separator: ";")
    switch below(10) {
    case 0: break  // cut short
    case 1: text += String(Character(Unicode.Scalar(UInt8(0x20 + below(0x5F)))))
    default: text += pick(["A", "B", "C", "D", "F", "H", "P", "Q", "R", "S", "Z", "u", "~", "M", "m", "c"])
    }
    return text
  }

  /// Random bytes read as UTF-8 after a lead byte that wants more than follows.
  private mutating func brokenUTF8() -> String {
    var bytes: [UInt8] = [pick([0xC3, 0xE6, 0xE2, 0xF0, 0xF4, 0xF8, 0xC0, 0xED] as [UInt8])]
    bytes += (0..<below(3)).map { _ in UInt8(0x80 + below(0x40)) }
    bytes += (0..<below(3)).map { _ in UInt8(below(256)) }
    return String(decoding: bytes, as: UTF8.self)
  }

  private mutating func keyCode() -> Int32 {
    switch below(4) {
    case 0: Int32(below(0o1000))
    case 1:
      pick([-1, 0, 0o407, 0o410, 0o414, 0o423, 0o424, 0o527, 0o631, 0o632, 0o777, .max, .min] as [Int32])
    default: Int32(0o401 + below(0o377))
    }
  }

  private mutating func mouse() -> MouseEvent {
    let action = pick([
      MouseEvent.Action.press(button: 1), .release(button: 3), .click(button: 2), .wheelUp, .wheelDown,
    ])
    return MouseEvent(action, at: Point(x: below(500), y: below(200)))
  }

  /// Pieces of what terminals send: keys, sequences whole and cut short, paste markers, mouse
  /// reports, CSI u with code points that are controls.
  static let fragments: [String] = [
    "\u{1B}", "\u{1B}[", "\u{1B}O", "\u{1B}[200~", "\u{1B}[201~", "\u{1B}[200~", "\u{1B}[20", "\u{1B}[201",
    "\u{1B}[<0;10;5M", "\u{1B}[<64;1;1m", "\u{1B}[<35;6;3M", "\u{1B}[<", "\u{1B}[<0;6", "\u{1B}[A",
    "\u{1B}[1;5C",
    "\u{1B}[3~", "\u{1B}[15;2~", "\u{1B}[24;8~", "\u{1B}[97;5u", "\u{1B}[u", "\u{1B}[1u", "\u{1B}[0u",
    "\u{1B}[13u", "\u{1B}[27;3u", "\u{1B}[127u", "\u{1B}[155u", "\u{1B}[Z", "\u{1B}OP", "\u{1B}OM",
    "\u{1B}Ox",
    "\u{1B}[?1;2c", "\u{1B}[" + String(repeating: "0", count: 40) + "A", "\u{1B}\u{1B}", "\u{1B}[1\r",
    "\u{1B}[1\u{1B}[A", "\u{1B}\u{7F}", "\u{1B}\u{1}", "\u{1B}b", "\r\n", "\r", "\n", "\t", "\u{7F}", "\u{8}",
    "\u{0}", "\u{1F}", "\u{3}", "~", "[", "O", ";", "<", "M",
  ]

  static let parameters: [String] = [
    "", "0", "1", "2", "3", "5", "8", "13", "27", "97", "127", "200", "201", "1114111", "1114112", "55296",
    "-1",
    "2147483648", "9223372036854775807", "-9223372036854775808", "99999999999999999999",
  ]

  static let text: [String] = [
    "a", "Z", "日本語", "😀", "👨‍👩‍👧", "🇺🇸", "e\u{301}", "\u{301}", "\u{301}\u{301}", "\u{200D}", "\u{FFFD}",
    "\u{FEFF}", "\u{202E}", "שלום", "\u{85}", "\u{9B}", "\u{2028}", "\u{A0}", " ", "gg", "G",
  ]

  /// Values get_wch could hand over that are no scalar or are C1 controls.
  static let oddValues: [UInt32] = [
    0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0x11_0000, 0xFFFF_FFFF, 0x80, 0x85, 0x9B, 0x9F, 0xA0, 0xFFFE, 0x1B,
  ]

  static let keyNames: [String] = [
    "kUP5", "kRIT3", "kDN", "kLFT2", "kHOM7", "kEND8", "kPRV", "kNXT6", "kIC3", "kDC5", "", "k", "kWHAT5",
    "kUP99999999999999999999", "kUP9223372036854775807", "kUP0", "kUP٣", "kUP\u{0}", "KUP5",
  ]
}
