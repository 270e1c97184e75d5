/// What a keymap made of a key press.
public enum KeymapOutcome<Action: Sendable>: Sendable {
  /// The key completed a binding.
  case action(Action)
  /// The key started or continued a chord (`g` of `g g`); the keymap waits for the next key.
  case pending(KeySequence)
  /// No binding starts with this key; the caller may use it otherwise (as text, say).
  case unbound(KeyPress)
}

/// A table of bindings with the state of a chord in progress.
///
/// Bindings for the current mode take precedence over bindings for every mode. When one binding's
/// keys begin another's, the longer one wins (there is no timeout), so bind either `g` or `g …`.
/// A key that does not continue the pending chord abandons it and is read afresh.
public struct Keymap<Action: Sendable>: Sendable {
  public private(set) var bindings: [KeyBinding<Action>]
  /// The keys of the chord in progress.
  public private(set) var pending: [KeyPress] = []

  public init(_ bindings: [KeyBinding<Action>] = []) {
    self.bindings = bindings
  }

  public mutating func bind(
    _ sequence: KeySequence, _ action: Action, _ description: String = "", mode: KeymapMode? = nil,
    section: String = "Keys"
  ) {
    bindings.append(KeyBinding(sequence, action, description, mode: mode, section: section))
  }

  public mutating func add(_ binding: KeyBinding<Action>) {
    bindings.append(binding)
  }

  public mutating func cancelPending() {
    pending = []
  }

  public mutating func handle(_ key: KeyPress, mode: KeymapMode? = nil) -> KeymapOutcome<Action> {
    let candidate = pending + [key]
    let active = activeBindings(in: mode)
    if active.contains(where: {
      $0.sequence.keys.count > candidate.count && $0.sequence.keys.starts(with: candidate)
    }) {
      pending = candidate
      return .pending(KeySequence(candidate))
    }
    if let binding = active.first(where: { $0.sequence.keys == candidate }) {
      pending = []
      return .action(binding.action)
    }
    if pending.isEmpty { return .unbound(key) }
    pending = []
    return handle(key, mode: mode)
  }

  /// The bindings that apply in a mode, the mode's own first.
  public func activeBindings(in mode: KeymapMode?) -> [KeyBinding<Action>] {
    let own = mode.map { mode in bindings.filter { $0.mode == mode } } ?? []
    return own + bindings.filter { $0.mode == nil }
  }

  /// The help overlay's content for a mode: sections in the order they first appear, each
  /// listing descriptions with all the keys bound to them (`j, down`).
  public func helpSections(mode: KeymapMode? = nil) -> [HelpSection] {
    var sections: [HelpSection] = []
    for binding in activeBindings(in: mode) where !binding.description.isEmpty {
      let sectionIndex: Int
      if let existing = sections.firstIndex(where: { $0.title == binding.section }) {
        sectionIndex = existing
      } else {
        sections.append(HelpSection(title: binding.section, entries: []))
        sectionIndex = sections.count - 1
      }
      let keys = binding.sequence.description
      if let entryIndex = sections[sectionIndex].entries.firstIndex(where: {
        $0.description == binding.description
      }) {
        if !sections[sectionIndex].entries[entryIndex].keys.contains(keys) {
          sections[sectionIndex].entries[entryIndex].keys.append(keys)
        }
      } else {
        sections[sectionIndex].entries.append(HelpEntry(keys: [keys], description: binding.description))
      }
    }
    return sections
  }
}
