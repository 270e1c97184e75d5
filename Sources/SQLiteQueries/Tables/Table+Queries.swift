/// Queries start from the table: `Reminder.where { … }` is `Reminder.all.where { … }`, so that a
/// default scope declared as `static let all` applies to every query. `where` reads the scope
/// only once the statement is used, so that the scope itself may be written with it.
extension Table {
  public static func `where`(_ predicate: (TableColumns) -> some QueryExpression<Bool>) -> Select<
    Self, Self, ()
  > {
    Select.scopedLater.where(predicate)
  }

  public static func `where`(@ConditionBuilder _ predicate: (TableColumns) -> [QueryFragment]) -> Select<
    Self, Self, ()
  > {
    Select.scopedLater.where(predicate)
  }

  public static func `where`<Condition: QueryExpression>(_ keyPath: KeyPath<TableColumns, Condition>)
    -> Select<Self, Self, ()> where Condition.QueryValue == Bool
  {
    Select.scopedLater.where(keyPath)
  }

  public static func order(@OrderBuilder by terms: (TableColumns) -> [QueryFragment]) -> Select<
    Self, Self, ()
  > {
    all.order(by: terms)
  }

  public static func order<each Term: QueryExpression>(by keyPaths: repeat KeyPath<TableColumns, each Term>)
    -> Select<Self, Self, ()>
  {
    all.order(by: repeat each keyPaths)
  }

  public static func group(@OrderBuilder by terms: (TableColumns) -> [QueryFragment]) -> Select<
    Self, Self, ()
  > {
    all.group(by: terms)
  }

  public static func group<each Term: QueryExpression>(by keyPaths: repeat KeyPath<TableColumns, each Term>)
    -> Select<Self, Self, ()>
  {
    all.group(by: repeat each keyPaths)
  }

  public static func select<Selected: QueryExpression>(_ selection: (TableColumns) -> Selected)
    -> Select<Selected.QueryValue.QueryOutput, Self, ()> where Selected.QueryValue: QueryRepresentable
  {
    all.select(selection)
  }

  public static func select<each Selected: QueryExpression>(
    _ selection: (TableColumns) -> (repeat each Selected)
  )
    -> Select<(repeat (each Selected).QueryValue.QueryOutput), Self, ()>
  where repeat (each Selected).QueryValue: QueryRepresentable {
    all.select(selection)
  }

  public static func select<Selected: QueryExpression>(_ keyPath: KeyPath<TableColumns, Selected>)
    -> Select<Selected.QueryValue.QueryOutput, Self, ()> where Selected.QueryValue: QueryRepresentable
  {
    all.select(keyPath)
  }

  public static func limit(_ count: Int?, offset: Int? = nil) -> Select<Self, Self, ()> {
    all.limit(count, offset: offset)
  }

  public static func distinct(_ isDistinct: Bool = true) -> Select<Self, Self, ()> {
    all.distinct(isDistinct)
  }

  /// `SELECT count(*) FROM "table"`.
  public static func count() -> Select<Int, Self, ()> { all.count() }

  public static func count(filter: (TableColumns) -> some QueryExpression<Bool>) -> Select<Int, Self, ()> {
    all.count(filter: filter)
  }

  public static func join<J: Table>(
    _ other: Select<J, J, ()>, on condition: (TableColumns, J.TableColumns) -> some QueryExpression<Bool>
  ) -> Select<(Self, J), Self, J> {
    all.join(other, on: condition)
  }

  public static func leftJoin<J: Table>(
    _ other: Select<J, J, ()>, on condition: (TableColumns, J.TableColumns) -> some QueryExpression<Bool>
  ) -> Select<(Self, J?), Self, J?> {
    all.leftJoin(other, on: condition)
  }

  public static func rightJoin<J: Table>(
    _ other: Select<J, J, ()>, on condition: (TableColumns, J.TableColumns) -> some QueryExpression<Bool>
  ) -> Select<(Self?, J), Self?, J> {
    all.rightJoin(other, on: condition)
  }

  public static func fullJoin<J: Table>(
    _ other: Select<J, J, ()>, on condition: (TableColumns, J.TableColumns) -> some QueryExpression<Bool>
  ) -> Select<(Self?, J?), Self?, J?> {
    all.fullJoin(other, on: condition)
  }

  /// `EXISTS (SELECT … FROM "table")`: whether the table has a row.
  public static func exists() -> SQLQueryExpression<Bool> { all.exists() }
}
