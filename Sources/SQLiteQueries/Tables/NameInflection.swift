/// How type names become SQL names, as the `@Table` macro makes them at compile time: lower camel
/// case, pluralised (`RemindersList` → `remindersLists`, `URLRecord` → `urlRecords`).
enum NameInflection {
  static func tableName(for typeName: String) -> String {
    pluralize(lowerCamelCase(typeName))
  }

  /// Lowercases the leading run of capitals, keeping the last capital of a run longer than one
  /// when more letters follow: `URLRecord` → `urlRecord`, `R1` → `r1`.
  static func lowerCamelCase(_ name: String) -> String {
    let characters = Array(name)
    let leadingCapitals = characters.prefix { $0.isUppercase }.count
    guard leadingCapitals > 0 else { return name }
    if leadingCapitals == 1 || leadingCapitals == characters.count {
      return characters[0].lowercased() + String(characters.dropFirst())
    }
    let lowered = String(characters.prefix(leadingCapitals - 1)).lowercased()
    return lowered + String(characters.dropFirst(leadingCapitals - 1))
  }

  /// `s`, `x`, `z`, `ch`, `sh` take `es`; a consonant and `y` become `ies`; others take `s`.
  static func pluralize(_ word: String) -> String {
    let lowered = word.lowercased()
    if ["s", "x", "z", "ch", "sh"].contains(where: { lowered.hasSuffix($0) }) { return word + "es" }
    if lowered.hasSuffix("y"), let beforeLast = lowered.dropLast().last, !"aeiou".contains(beforeLast) {
      return word.dropLast() + "ies"
    }
    return word + "s"
  }
}
