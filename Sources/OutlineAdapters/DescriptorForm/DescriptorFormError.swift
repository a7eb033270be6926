/// The error thrown when a descriptor file cannot be read or written: it
/// says what is wrong and where, by section and row (both counted from 0,
/// over all descriptors of the section, visible or not).
///
/// ```swift
/// do {
///   form = try DescriptorForm(contentsOf: url)
/// } catch let error as DescriptorFormError {
///   print(error)   // section 1, row 4: additionalRows is 6, but only 4 rows follow it in its section
/// }
/// ```
public struct DescriptorFormError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong.
  public enum Reason: Hashable, Sendable {
    /// The file could not be read; the system's message.
    case unreadable(String)
    /// The data is not a property list (XML, binary or OpenStep); the
    /// parser's message.
    case notAPropertyList(String)
    /// A value has the wrong shape: the root is not an array of sections, a
    /// section is not an array of descriptors, or a descriptor is not a
    /// dictionary. `expected` and `found` are in words.
    case wrongShape(expected: String, found: String)
    /// A descriptor lacks one of its eight keys.
    case missingKey(String)
    /// A descriptor's key holds the wrong type of value.
    case mistypedKey(String, expected: String, found: String)
    /// `additionalRows` is negative.
    case negativeAdditionalRows(Int)
    /// `additionalRows` is not 0 on a row that is not expandable, so the
    /// rows it names would belong to no one.
    case additionalRowsOnPlainRow(Int)
    /// The sub-rows of an expandable row run past the end of its section.
    case rangePastEndOfSection(additionalRows: Int, rowsAfter: Int)
    /// An expandable row lies inside the sub-rows of another expandable
    /// row, so their ranges overlap.
    case overlapsRange(ofRow: Int, through: Int)
    /// The property list could not be encoded; the encoder's message. (Not
    /// expected: every value a form holds is encodable.)
    case cannotEncode(String)
    /// The file could not be written; the system's message. The file that
    /// was there before is intact.
    case cannotWrite(String)
  }

  /// The section of the bad value; nil for an error about the whole file.
  public var section: Int?
  /// The descriptor's row within its section; nil for an error about the
  /// whole file or section.
  public var row: Int?
  /// What is wrong.
  public var reason: Reason

  /// Creates an error.
  ///
  /// - Complexity: O(1).
  public init(section: Int? = nil, row: Int? = nil, reason: Reason) {
    self.section = section
    self.row = row
    self.reason = reason
  }

  /// Where, then what: `section 0, row 3: missing key "cellIdentifier"`.
  ///
  /// - Complexity: O(1) plus the length of the text.
  public var description: String {
    var place = ""
    if let section {
      place = "section \(section)"
      if let row { place += ", row \(row)" }
      place += ": "
    }
    return place + message
  }

  private var message: String {
    switch reason {
    case .unreadable(let message):
      return "cannot read the file: \(message)"
    case .notAPropertyList(let message):
      return "not a property list: \(message)"
    case .wrongShape(let expected, let found):
      return "expected \(expected), found \(found)"
    case .missingKey(let key):
      return "missing key \"\(key)\""
    case .mistypedKey(let key, let expected, let found):
      return "key \"\(key)\" is \(found), expected \(expected)"
    case .negativeAdditionalRows(let count):
      return "additionalRows is \(count); it must not be negative"
    case .additionalRowsOnPlainRow(let count):
      return "additionalRows is \(count) on a row that is not expandable; it must be 0"
    case .rangePastEndOfSection(let count, let rowsAfter):
      return "additionalRows is \(count), but only \(rowsAfter) \(rowsAfter == 1 ? "row follows" : "rows follow") it in its section"
    case .overlapsRange(let owner, let last):
      return "an expandable row inside the sub-rows of the expandable row \(owner) (rows \(owner + 1)...\(last)); their ranges overlap"
    case .cannotEncode(let message):
      return "cannot encode the form: \(message)"
    case .cannotWrite(let message):
      return "cannot write the file (the old file is intact): \(message)"
    }
  }
}
