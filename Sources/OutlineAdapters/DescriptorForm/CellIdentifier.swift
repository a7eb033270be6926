/// The kind of cell a descriptor asks for: its `cellIdentifier`, the reuse
/// identifier the tutorial app registers its cell classes under.
///
/// The six identifiers the form behaviours know have names; any other
/// string is valid too and gets the default row height and no behaviour.
///
/// ```swift
/// switch descriptor.cellIdentifier {
/// case .normal: ...                    // "idCellNormal"
/// case .switch: ...                    // "idCellSwitch"
/// default: ...
/// }
/// let custom: CellIdentifier = "idCellRating"
/// ```
///
/// - Complexity: Every operation is O(1) (plus the length of the string for
///   hashing and comparison).
public struct CellIdentifier: RawRepresentable, Hashable, Sendable, Codable,
  ExpressibleByStringLiteral, CustomStringConvertible
{
  /// The identifier as written in the file, such as `"idCellNormal"`.
  public var rawValue: String

  /// Creates an identifier from its string.
  ///
  /// - Complexity: O(1).
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Creates an identifier from a string literal.
  ///
  /// - Complexity: O(1).
  public init(stringLiteral value: String) {
    self.init(rawValue: value)
  }

  /// The raw string.
  ///
  /// - Complexity: O(1).
  public var description: String { rawValue }

  /// `idCellNormal`: a row with a primary and a secondary title; the
  /// expandable rows of the tutorial. 60 points high by default.
  public static let normal: CellIdentifier = "idCellNormal"
  /// `idCellTextfield`: a text field; the first- and last-name rows.
  public static let textField: CellIdentifier = "idCellTextfield"
  /// `idCellDatePicker`: a date picker. 270 points high by default.
  public static let datePicker: CellIdentifier = "idCellDatePicker"
  /// `idCellSwitch`: an on/off switch; the marital-status row.
  public static let `switch`: CellIdentifier = "idCellSwitch"
  /// `idCellValuePicker`: one choice of a list; tapping it picks it.
  public static let valuePicker: CellIdentifier = "idCellValuePicker"
  /// `idCellSlider`: a slider over whole numbers.
  public static let slider: CellIdentifier = "idCellSlider"
}
