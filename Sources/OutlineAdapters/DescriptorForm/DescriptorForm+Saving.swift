import Foundation
import OutlineSupport
import OutlineKit

/// Saving a form in the file format it was loaded from: the step the
/// tutorial leaves out.
extension DescriptorForm {
  /// The property-list formats a form can be saved in.
  ///
  /// (Foundation reads the old OpenStep format but cannot write it, and
  /// traps when asked to; this type leaves it out.)
  public enum FileFormat: Hashable, Sendable, CaseIterable {
    /// XML, as the tutorial's file.
    case xml
    /// Binary (`bplist00`).
    case binary

    /// Foundation's name for the format.
    ///
    /// - Complexity: O(1).
    public var propertyListFormat: PropertyListSerialization.PropertyListFormat {
      switch self {
      case .xml: return .xml
      case .binary: return .binary
      }
    }
  }

  /// The form as a descriptor property list: an array of sections, each an
  /// array of descriptor dictionaries with the eight keys (and any other
  /// keys the file had).
  ///
  /// `isExpanded` is each row's flag, `additionalRows` the number of its
  /// sub-rows, and `isVisible` whether it is on a row now.
  ///
  /// - Complexity: O(n log n) for n descriptors.
  public func propertyList() -> PropertyListValue {
    var sections: [PropertyListValue] = []
    sections.reserveCapacity(outline.roots.count)
    for root in outline.roots {
      var rows: [PropertyListValue] = []
      for child in outline.children(of: root) {
        rows.append(_dictionary(for: child))
        for subRow in outline.children(of: child) {
          rows.append(_dictionary(for: subRow))
        }
      }
      sections.append(.array(rows))
    }
    return .array(sections)
  }

  private func _dictionary(for id: NodeID) -> PropertyListValue {
    let descriptor = self[id]
    var fields = descriptor.otherFields
    fields["isExpandable"] = .bool(descriptor.isExpandable)
    fields["isExpanded"] = .bool(outline.isExpanded(id))
    fields["isVisible"] = .bool(isVisible(id))
    fields["value"] = .string(descriptor.value)
    fields["primaryTitle"] = .string(descriptor.primaryTitle)
    fields["secondaryTitle"] = .string(descriptor.secondaryTitle)
    fields["cellIdentifier"] = .string(descriptor.cellIdentifier.rawValue)
    fields["additionalRows"] = .integer(outline.children(of: id).count)
    return .dictionary(fields)
  }

  /// The form encoded as a property list file.
  ///
  /// - Parameter format: `.xml` (the default, as the tutorial's file) or
  ///   `.binary`.
  /// - Throws: ``DescriptorFormError`` `.cannotEncode` if Foundation
  ///   reports a failure (not expected: every ``PropertyListValue`` is
  ///   encodable in both formats).
  /// - Complexity: O(n log n) for n descriptors.
  public func propertyListData(format: FileFormat = .xml) throws -> Data {
    do {
      return try PropertyListSerialization.data(
        fromPropertyList: propertyList().propertyListObject, format: format.propertyListFormat, options: 0)
    } catch {
      throw DescriptorFormError(reason: .cannotEncode(foundationMessage(of: error)))
    }
  }

  /// Saves the form to a file, atomically.
  ///
  /// The data is written to a temporary file in the same directory, which
  /// then replaces the destination in one `rename`. If anything fails, the
  /// temporary file is removed and the file that was at `url` is left as it
  /// was: a failed save never damages it.
  ///
  /// ```swift
  /// try form.save(to: documentURL)
  /// ```
  ///
  /// Loading the saved file gives the same form; loading a file and saving
  /// it with no change gives an equivalent property list (with `isVisible`
  /// corrected where the file had it wrong).
  ///
  /// - Parameters:
  ///   - url: A file URL.
  ///   - format: `.xml` (the default) or `.binary`.
  /// - Throws: ``DescriptorFormError`` `.cannotEncode` or `.cannotWrite`.
  /// - Complexity: O(n log n) for n descriptors, plus the write.
  public func save(to url: URL, format: FileFormat = .xml) throws {
    try _save(to: url, format: format)
  }

  /// ``save(to:format:)`` with a seam for tests: `writer` writes the
  /// temporary file (and may fail part-way).
  func _save(
    to url: URL, format: FileFormat = .xml,
    writer: (Data, URL) throws -> Void = { data, url in try data.write(to: url) }
  ) throws {
    try AtomicFile.write(propertyListData(format: format), to: url, writer: writer) { message in
      DescriptorFormError(reason: .cannotWrite(message))
    }
  }
}
