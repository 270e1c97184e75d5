/// Column groups: a property of a table whose type is a `@Selection` (or `@Table`) struct stands
/// for that type's columns, stored flat in the table under their own names.
///
///     @Selection struct Timestamps { var createdAt: Date; var updatedAt: Date? }
///     @Table struct Reminder { let id: Int; var timestamps: Timestamps }
///
/// `$0.timestamps.createdAt` is `"reminders"."createdAt"`; `$0.timestamps` alone is the list of
/// the group's columns. An optional group (`Timestamps?`) is nil when all of its columns are NULL.
extension TableColumnExpression {
  /// The columns this one stands for: itself, or the columns of its group.
  public var flattenedColumns: [any TableColumnExpression] { [self] }
}

extension TableColumn {
  /// The type whose columns this property groups, if it is a group.
  static var groupType: (any Table.Type)? {
    if let table = Value.self as? any Table.Type, !(Value.self is any QueryBindable.Type) { return table }
    return nil
  }

  /// The group's columns, named as in their own type and qualified by this table.
  public var flattenedColumns: [any TableColumnExpression] {
    guard let group = Self.groupType else { return [self] }
    return Self.columns(of: group, reference: tableReference ?? Root.referenceName)
  }

  private static func columns<Group: Table>(of group: Group.Type, reference: String)
    -> [any TableColumnExpression]
  {
    Group.TableColumns.allColumns.flatMap { column in
      column.qualified(by: reference).flattenedColumns
    }
  }

  /// One column of a group: `$0.timestamps.createdAt`.
  public subscript<Member: QueryRepresentable>(
    dynamicMember keyPath: KeyPath<Value.TableColumns, TableColumn<Value, Member>>
  ) -> TableColumn<Value, Member> where Value: Table {
    Value.columns[keyPath: keyPath].qualified(by: tableReference ?? Root.referenceName)
  }

  /// Whether an enum column holds a case: `$0.kind.is(\.note)`, where the case's column (or each
  /// of its group's columns) is not NULL.
  public func `is`<Member: QueryRepresentable>(
    _ caseColumn: KeyPath<Value.TableColumns, TableColumn<Value, Member>>
  ) -> SQLQueryExpression<Bool> where Value: Table {
    self[dynamicMember: caseColumn].isNot(nil)
  }

  /// One column of an optional group, optional too (NULL where the group is): `$0.pending.createdAt`
  /// is a `Date?`.
  public subscript<Wrapped: Table, Member: QueryRepresentable>(
    dynamicMember keyPath: KeyPath<Wrapped.TableColumns, TableColumn<Wrapped, Member>>
  ) -> TableColumn<Wrapped?, Member?> where Value == Wrapped? {
    let column = Wrapped.columns[keyPath: keyPath].qualified(by: tableReference ?? Root.referenceName)
    return TableColumn<Wrapped?, Member?>(
      column.name, keyPath: \Wrapped?.[_column: ColumnKeyPath(column.keyPath)], generated: column.isGenerated,
      table: column.tableReference)
  }

  /// A column of an optional group that is already optional stays one level optional.
  public subscript<Wrapped: Table, Member: QueryRepresentable>(
    dynamicMember keyPath: KeyPath<Wrapped.TableColumns, TableColumn<Wrapped, Member?>>
  ) -> TableColumn<Wrapped?, Member?> where Value == Wrapped? {
    let column = Wrapped.columns[keyPath: keyPath].qualified(by: tableReference ?? Root.referenceName)
    return TableColumn<Wrapped?, Member?>(
      column.name, keyPath: \Wrapped?.[_flattening: ColumnKeyPath(column.keyPath)],
      generated: column.isGenerated, table: column.tableReference)
  }
}
