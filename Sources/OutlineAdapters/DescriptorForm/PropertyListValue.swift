import Foundation

/// A property-list value as a Swift value: a string, a number, a Boolean, a
/// date, data, an array or a dictionary.
///
/// Foundation's `PropertyListSerialization` hands back untyped `Any` trees
/// (with `NSNumber` for integers, reals and, on Apple platforms, Booleans).
/// `PropertyListValue` classifies such a tree once, so the rest of the code
/// can switch over it, compare it and send it across concurrency domains.
///
/// ```swift
/// let object = try PropertyListSerialization.propertyList(from: data, format: nil)
/// let value = PropertyListValue(object)          // nil for anything that is not a plist type
/// if case .array(let sections)? = value { ... }
/// let back = value!.propertyListObject           // ready for PropertyListSerialization.data(...)
/// ```
///
/// The descriptor form keeps unknown keys of a cell descriptor as
/// `PropertyListValue`s, so that saving writes them back unchanged.
public enum PropertyListValue: Hashable, Sendable {
  /// `<string>`.
  case string(String)
  /// `<integer>`.
  case integer(Int)
  /// `<real>`.
  case real(Double)
  /// `<true/>` or `<false/>`.
  case bool(Bool)
  /// `<date>`.
  case date(Date)
  /// `<data>`.
  case data(Data)
  /// `<array>`.
  case array([PropertyListValue])
  /// `<dict>`.
  case dictionary([String: PropertyListValue])

  /// Classifies an object that `PropertyListSerialization` produced (or any
  /// tree of `String`, `Bool`, `Int`, `Double`, `NSNumber`, `Date`, `Data`,
  /// arrays and string-keyed dictionaries of those).
  ///
  /// Returns nil when the object, or anything inside it, is not a
  /// property-list type (a dictionary with non-string keys, say).
  ///
  /// - Complexity: O(n) in the number of values in the tree.
  public init?(_ object: Any) {
    switch object {
    case let value as PropertyListValue:
      self = value
    case let string as String:
      self = .string(string)
    case let date as Date:
      self = .date(date)
    case let data as Data:
      self = .data(data)
    case let array as [Any]:
      var elements: [PropertyListValue] = []
      elements.reserveCapacity(array.count)
      for element in array {
        guard let value = PropertyListValue(element) else { return nil }
        elements.append(value)
      }
      self = .array(elements)
    case let dictionary as [String: Any]:
      var entries: [String: PropertyListValue] = [:]
      entries.reserveCapacity(dictionary.count)
      for (key, element) in dictionary {
        guard let value = PropertyListValue(element) else { return nil }
        entries[key] = value
      }
      self = .dictionary(entries)
    default:
      guard let number = PropertyListValue._number(object) else { return nil }
      self = number
    }
  }

  /// Booleans, integers and reals, whether native Swift values or
  /// `NSNumber`s; a Boolean `NSNumber` is told from an integer one.
  private static func _number(_ object: Any) -> PropertyListValue? {
    // Native values first: on Linux, plist Booleans arrive as `Bool`.
    if type(of: object) == Bool.self, let value = object as? Bool { return .bool(value) }
    if type(of: object) == Int.self, let value = object as? Int { return .integer(value) }
    if type(of: object) == Double.self, let value = object as? Double { return .real(value) }
    guard let number = object as? NSNumber else { return nil }
    #if canImport(Darwin)
    if CFGetTypeID(number) == CFBooleanGetTypeID() { return .bool(number.boolValue) }
    #endif
    switch String(cString: number.objCType) {
    case "d", "f": return .real(number.doubleValue)
    case "c", "B":
      // A char-typed number is how Apple platforms box a Boolean.
      return .bool(number.boolValue)
    default: return .integer(number.intValue)
    }
  }

  /// The value as the untyped object tree that
  /// `PropertyListSerialization.data(fromPropertyList:format:options:)`
  /// accepts.
  ///
  /// - Complexity: O(n) in the number of values in the tree.
  public var propertyListObject: Any {
    switch self {
    case .string(let value): return value
    case .integer(let value): return value
    case .real(let value): return value
    case .bool(let value): return value
    case .date(let value): return value
    case .data(let value): return value
    case .array(let values): return values.map(\.propertyListObject)
    case .dictionary(let values): return values.mapValues(\.propertyListObject)
    }
  }

  /// The value's kind in words, with an article: "a string", "an integer",
  /// "a Boolean", "a real number", "a date", "data", "an array", "a
  /// dictionary". Error messages use it to say what was found.
  ///
  /// - Complexity: O(1).
  public var kindDescription: String {
    switch self {
    case .string: return "a string"
    case .integer: return "an integer"
    case .real: return "a real number"
    case .bool: return "a Boolean"
    case .date: return "a date"
    case .data: return "data"
    case .array: return "an array"
    case .dictionary: return "a dictionary"
    }
  }
}
