/// Gives an enum a property per case that holds one value: the value when the enum is that case,
/// else nil (`attachment.kind.note`). `@Selection` enums, stored one column per case, name their
/// columns' key paths after these properties:
///
///     @CasePathable @Selection
///     enum Kind {
///       case link(URL)
///       case note(String)
///     }
@attached(member, names: arbitrary)
public macro CasePathable() = #externalMacro(module: "SQLiteQueriesMacros", type: "CasePathableMacro")
