/// Rows grouped into consecutive sections, each named by the value of a SQL expression: what
/// `fetchAll(_:sectionBy:)` and `$rows.sections` give.
public struct ResultsSectionCollection<Element, SectionName: Hashable>: RandomAccessCollection {
  /// Every row, in order, across sections.
  public let elements: [Element]
  private let names: [SectionName]
  private let bounds: [Range<Int>]

  /// Rows whose section names come in runs: a new section starts where the name changes.
  public init(elements: [Element], sectionNames: [SectionName]) {
    precondition(elements.count == sectionNames.count, "one section name per row")
    self.elements = elements
    var names: [SectionName] = []
    var bounds: [Range<Int>] = []
    var start = 0
    for index in sectionNames.indices
    where index + 1 == sectionNames.count || sectionNames[index + 1] != sectionNames[index] {
      names.append(sectionNames[index])
      bounds.append(start..<(index + 1))
      start = index + 1
    }
    self.names = names
    self.bounds = bounds
  }

  /// Every row in one section named `name`, or no section when there are no rows.
  public init(elements: [Element], name: SectionName) {
    self.elements = elements
    names = elements.isEmpty ? [] : [name]
    bounds = elements.isEmpty ? [] : [0..<elements.count]
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { names.count }
  public subscript(position: Int) -> ResultsSection<Element, SectionName> {
    ResultsSection(name: names[position], rows: elements[bounds[position]])
  }

  /// The names of the sections, in order.
  public var sectionNames: [SectionName] { names }

  /// The section named `name`, if there is one.
  public subscript(sectionName name: SectionName) -> ResultsSection<Element, SectionName>? {
    index(ofSectionNamed: name).map { self[$0] }
  }

  public func contains(sectionName name: SectionName) -> Bool { names.contains(name) }

  public func index(ofSectionNamed name: SectionName) -> Int? { names.firstIndex(of: name) }
}

/// The rows of one section.
public struct ResultsSection<Element, SectionName: Hashable>: RandomAccessCollection, Identifiable {
  public let name: SectionName
  let rows: ArraySlice<Element>

  public var id: SectionName { name }
  public var startIndex: Int { 0 }
  public var endIndex: Int { rows.count }
  public subscript(position: Int) -> Element { rows[rows.startIndex + position] }
}

extension ResultsSectionCollection: Sendable where Element: Sendable, SectionName: Sendable {}
extension ResultsSection: Sendable where Element: Sendable, SectionName: Sendable {}

extension ResultsSectionCollection: Equatable where Element: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.elements == rhs.elements && lhs.names == rhs.names && lhs.bounds == rhs.bounds
  }
}
