/// Turns what `get_wch` returns into key events. Pure: it holds only the state of a partly
/// received sequence, and never reads the terminal or a clock.
///
/// An Esc is ambiguous until the next key: alone it is the Escape key, followed quickly by a key
/// it is Alt with that key, followed by `[` it starts a control sequence (bracketed paste among
/// them). The decoder holds an Esc (`isHoldingEscape`) until the next input decides it, or until
/// the caller reports that the escape delay passed with nothing more (`escapeDelayElapsed()`).
public struct InputDecoder: Sendable {
  private enum State: Sendable {
    case ground
    case escape
    case controlSequence(String)
    case singleShift
    case paste(String)
  }

  private var state = State.ground
  /// Longest control sequence accepted before the bytes are taken for noise.
  private static let maximumSequenceLength = 32

  public init() {}

  /// True while an Esc or an unfinished escape sequence waits for more input.
  public var isHoldingEscape: Bool {
    switch state {
    case .escape, .controlSequence, .singleShift: true
    case .ground, .paste: false
    }
  }

  /// True while bracketed paste text is being collected.
  public var isInPaste: Bool {
    if case .paste = state { return true }
    return false
  }

  /// Decodes input read together (all that was available at once) into events.
  public mutating func decode(_ batch: some Sequence<RawInput>) -> [KeyEvent] {
    var events: [KeyEvent] = []
    for input in batch { feed(input, into: &events) }
    return events
  }

  public mutating func decode(_ input: RawInput) -> [KeyEvent] {
    decode(CollectionOfOne(input))
  }

  /// The escape delay passed with no further input: a held Esc is the Escape key, and an
  /// unfinished sequence is taken as the keys that were typed.
  public mutating func escapeDelayElapsed() -> [KeyEvent] {
    var events: [KeyEvent] = []
    switch state {
    case .escape:
      state = .ground
      events.append(.key(.escape))
    case .controlSequence(let collected):
      state = .ground
      events.append(.key(.alt("[")))
      for scalar in collected.unicodeScalars { feed(.character(scalar.value), into: &events) }
    case .singleShift:
      state = .ground
      events.append(.key(KeyPress("O", modifiers: .alt)))
    case .ground, .paste:
      break
    }
    return events
  }

  private mutating func feed(_ input: RawInput, into events: inout [KeyEvent]) {
    switch state {
    case .ground:
      feedGround(input, into: &events)

    case .escape:
      state = .ground
      switch input {
      case .character(0x5B):  // [
        state = .controlSequence("")
      case .character(0x4F):  // O
        state = .singleShift
      case .character(0x1B):
        events.append(.key(.escape))
        state = .escape
      default:
        var plain: [KeyEvent] = []
        feedGround(input, into: &plain)
        for event in plain {
          if case .key(let press) = event {
            events.append(.key(press.adding(.alt)))
          } else {
            events.append(event)
          }
        }
      }

    case .controlSequence(let collected):
      guard case .character(let value) = input, let scalar = Unicode.Scalar(value) else {
        state = .ground
        feed(input, into: &events)
        return
      }
      switch value {
      case 0x20...0x3F where collected.unicodeScalars.count < Self.maximumSequenceLength:
        state = .controlSequence(collected + String(scalar))
      case 0x40...0x7E:
        state = .ground
        switch EscapeSequence.controlSequence(parameters: collected, final: scalar) {
        case .key(let press): events.append(.key(press))
        case .mouse(let mouse): events.append(.mouse(mouse))
        case .pasteStart: state = .paste("")
        case .pasteEnd, .unknown: break
        }
      default:
        // Not a sequence after all: drop what was collected and read this input afresh.
        state = .ground
        feed(input, into: &events)
      }

    case .singleShift:
      state = .ground
      if case .character(let value) = input, let scalar = Unicode.Scalar(value),
        let press = EscapeSequence.singleShift(final: scalar)
      {
        events.append(.key(press))
      } else {
        events.append(.key(KeyPress("O", modifiers: .alt)))
        feed(input, into: &events)
      }

    case .paste(var text):
      switch input {
      case .character(let value):
        guard let scalar = Unicode.Scalar(value) else { return }
        text.unicodeScalars.append(scalar)
        if scalar == "~", text.hasSuffix("\u{1B}[201~") {
          text.unicodeScalars.removeLast(6)
          state = .ground
          events.append(.paste(text.normalizingLineBreaks()))
        } else {
          state = .paste(text)
        }
      case .keyCode(let code) where CursesKeyCodes.keyPress(forCode: code) == .enter:
        state = .paste(text + "\n")
      default:
        state = .paste(text)
      }
    }
  }

  private mutating func feedGround(_ input: RawInput, into events: inout [KeyEvent]) {
    switch input {
    case .character(let value):
      feedCharacter(value, into: &events)
    case .keyCode(let code):
      if code == CursesKeyCodes.resize {
        events.append(.resize)
      } else if let press = CursesKeyCodes.keyPress(forCode: code) {
        events.append(.key(press))
      }
    case .namedKey(let name):
      if let press = CursesKeyCodes.keyPress(forName: name) { events.append(.key(press)) }
    case .mouse(let mouse):
      events.append(.mouse(mouse))
    }
  }

  private mutating func feedCharacter(_ value: UInt32, into events: inout [KeyEvent]) {
    switch value {
    case 0x1B:
      state = .escape
    case 0x0D, 0x0A:
      events.append(.key(.enter))
    case 0x09:
      events.append(.key(.tab))
    case 0x7F, 0x08:
      events.append(.key(.backspace))
    case 0x00:
      events.append(.key(.control(" ")))
    case 0x01...0x1A:
      let letter = Character(Unicode.Scalar(UInt8(0x60 + value)))
      events.append(.key(.control(letter)))
    case 0x1C...0x1F:
      let symbol = Character(Unicode.Scalar(UInt8(0x40 + value)))
      events.append(.key(.control(symbol)))
    case 0x80...0x9F:
      break  // C1 controls are never typed
    default:
      guard let scalar = Unicode.Scalar(value) else { return }
      // A combining mark that arrives after its base joins it, so "e" + U+0301 is one key.
      if case .key(let previous)? = events.last, previous.modifiers.isEmpty,
        case .character(let base) = previous.key
      {
        var combined = String(base)
        combined.unicodeScalars.append(scalar)
        if combined.count == 1, let character = combined.first {
          events[events.count - 1] = .key(KeyPress(.character(character)))
          return
        }
      }
      events.append(.key(KeyPress(.character(Character(scalar)))))
    }
  }
}

extension String {
  /// The text with CRLF and lone CR line breaks written as LF.
  fileprivate func normalizingLineBreaks() -> String {
    var result = String.UnicodeScalarView()
    var afterCarriageReturn = false
    for scalar in unicodeScalars {
      if scalar == "\n", afterCarriageReturn {
        afterCarriageReturn = false
        continue
      }
      afterCarriageReturn = scalar == "\r"
      result.append(afterCarriageReturn ? "\n" : scalar)
    }
    return String(result)
  }
}
