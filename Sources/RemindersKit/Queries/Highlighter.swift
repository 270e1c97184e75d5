import Foundation

/// Finds where search words occur in a text, as the index matches them: anywhere, without regard
/// to case.
public enum Highlighter {
  /// The ranges of every occurrence of any of `terms` in `text`, sorted, overlaps merged.
  public static func ranges(of terms: [String], in text: String) -> [Range<String.Index>] {
    var found: [Range<String.Index>] = []
    for term in terms where !term.isEmpty {
      var searchRange = text.startIndex..<text.endIndex
      while let range = text.range(of: term, options: [.caseInsensitive], range: searchRange) {
        found.append(range)
        guard range.upperBound < text.endIndex else { break }
        searchRange = text.index(after: range.lowerBound)..<text.endIndex
      }
    }
    return merged(found)
  }

  /// The ranges of whole `#tag` tokens in a `#a #b` text.
  public static func tagRanges(of tags: [String], in text: String) -> [Range<String.Index>] {
    var found: [Range<String.Index>] = []
    var start = text.startIndex
    while start < text.endIndex {
      let end = text[start...].firstIndex(of: " ") ?? text.endIndex
      let token = text[start..<end]
      if token.hasPrefix("#"),
        tags.contains(where: { token.dropFirst().caseInsensitiveCompare($0) == .orderedSame })
      {
        found.append(start..<end)
      }
      start = end < text.endIndex ? text.index(after: end) : end
    }
    return found
  }

  /// Sorted, with overlapping or touching ranges joined.
  public static func merged(_ ranges: [Range<String.Index>]) -> [Range<String.Index>] {
    var result: [Range<String.Index>] = []
    for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = result.last, range.lowerBound <= last.upperBound {
        result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        result.append(range)
      }
    }
    return result
  }
}
