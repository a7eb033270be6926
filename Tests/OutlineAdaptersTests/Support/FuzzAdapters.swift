import Foundation
import OutlineAdapters
import OutlineKit

/// Feeds bytes to the descriptor-form loader. Whatever loads must save to a
/// property list that loads back to the same form, must survive a tap on
/// every visible row, and must reload its own saved file without a change; `fail` hears of any problem (a trap in the fuzz target,
/// a test failure in the corpus replay). Returns whether the bytes loaded.
@discardableResult
func runFormFuzzInput(_ data: [UInt8], fail: (String) -> Void) -> Bool {
  guard var form = try? DescriptorForm(propertyListData: Data(data)) else { return false }
  do {
    let reloaded = try DescriptorForm(propertyListData: try form.propertyListData())
    if reloaded.propertyList() != form.propertyList() { fail("save then load changed the form") }
  } catch {
    fail("a loaded form failed to save or reload: \(error)")
  }
  for section in 0 ..< form.numberOfSections {
    var row = 0
    while row < form.numberOfRows(inSection: section) {
      _ = form.tap(at: OutlineIndexPath(section: section, row: row))
      row += 1
    }
  }
  // Reloading what it saves changes nothing; reloading the file it came
  // from gives the file's state back.
  do {
    let state = form.propertyList()
    if try !form.reload(propertyListData: try form.propertyListData()).isEmpty { fail("reloading the saved form changed rows") }
    if form.propertyList() != state { fail("reloading the saved form changed it") }
    let original = try DescriptorForm(propertyListData: Data(data))
    try form.reload(propertyListData: Data(data))
    if form.propertyList().withoutExpansion != original.propertyList().withoutExpansion {
      fail("reloading the original file did not give its values back")
    }
  } catch {
    fail("reloading a form that loaded threw: \(error)")
  }
  return true
}

extension PropertyListValue {
  /// A descriptor file without the expansion state (`isExpanded`,
  /// `isVisible`), which a reload leaves as the user had it.
  fileprivate var withoutExpansion: PropertyListValue {
    switch self {
    case .array(let values): return .array(values.map(\.withoutExpansion))
    case .dictionary(var fields):
      fields["isExpanded"] = nil
      fields["isVisible"] = nil
      return .dictionary(fields)
    default: return self
    }
  }
}

/// Feeds bytes to the category catalog loader. Whatever loads must encode
/// and decode to the same catalog, and must survive toggling every section
/// and every visible row, under the accordion too, and updating with
/// itself (no change) and to nothing and back; `fail` hears of any
/// problem. Returns whether the bytes loaded.
@discardableResult
func runCategoriesFuzzInput(_ data: [UInt8], fail: (String) -> Void) -> Bool {
  guard let catalog = try? CategoryCatalog(json: Data(data)) else { return false }
  do {
    if try CategoryCatalog(json: try JSONEncoder().encode(catalog)) != catalog { fail("encode then decode changed the catalog") }
  } catch {
    fail("a loaded catalog failed to encode or decode: \(error)")
  }
  for accordion in [false, true] {
    var tree = CategoryTree(catalog: catalog, headerStyle: accordion ? .firstRow : .header, keepsPreviousCellExpanded: !accordion)
    for section in 0 ..< tree.numberOfSections {
      _ = tree.toggleSection(section)
      var row = 0
      while row < tree.numberOfRows(inSection: section) && row < 64 {
        _ = tree.toggle(at: OutlineIndexPath(section: section, row: row))
        row += 1
      }
    }
    if tree.catalog() != catalog { fail("toggling changed the catalog's data") }
    // Updating with the same catalog changes nothing; to none and back rebuilds it.
    do {
      if try !tree.update(catalog: catalog).isEmpty { fail("updating with the same catalog changed rows") }
      try tree.update(catalog: CategoryCatalog(sections: []))
      if tree.outline.nodeCount != 0 { fail("updating to an empty catalog left nodes") }
      try tree.update(catalog: catalog)
      if tree.catalog() != catalog { fail("updating to nothing and back changed the catalog") }
    } catch {
      fail("updating with a catalog that loaded threw: \(error)")
    }
  }
  return true
}
