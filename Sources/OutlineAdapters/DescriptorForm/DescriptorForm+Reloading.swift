import Foundation
import OutlineKit

/// Reloading a descriptor file that changed outside the app (another
/// instance saved it, someone edited it), keeping what the user expanded.
///
/// ```swift
/// let change = try form.reload(contentsOf: url)
/// tableView.performBatchUpdates { apply(change) }   // only what changed moves
/// ```
///
/// ## Which descriptor is which
///
/// The file has no ids, so a descriptor is known by where it sits and what
/// it is called:
///
/// - its **section**, by number;
/// - for a sub-row, the **row that owns it** (by that row's identity);
/// - its **cell identifier** and whether it is **expandable**;
/// - its **titles**, except the one the form writes itself: an expandable
///   row's `primaryTitle` is the summary of its sub-rows ("Ada Lovelace"),
///   so only its `secondaryTitle` ("Name") counts; other rows count both;
/// - among siblings alike in all of that, its **order**.
///
/// So, from one file to the next:
///
/// | what changed | what the reload does |
/// |---|---|
/// | `value`, an expandable row's summary, keys the form does not know | the same row, redrawn |
/// | rows reordered in their section (sub-rows under their row) | each keeps its state; only those that left the longest run in order are reported moved |
/// | a row retitled, given another identifier, or made (un)expandable | a new row: the old one goes with its sub-rows, the new one is expanded as the file says |
/// | a row moved to another section or under another row | a new row there |
/// | rows or sections added, removed | inserted (expanded as the file says), removed |
/// | two alike siblings swapped | nothing moves: they are told apart by order, so each takes the other's values |
///
/// A descriptor that matches keeps its `NodeID` and its expanded state (the
/// file's `isExpanded` is not read for it: the user's state wins);
/// sections stay expanded. Row heights follow the configuration.
extension DescriptorForm {
  /// Reloads the form from its file after an outside change, keeping the
  /// expansion of the descriptors that match (see above).
  ///
  /// ```swift
  /// // The file changed on disk.
  /// let change = try form.reload(contentsOf: url)
  /// ```
  ///
  /// - Parameters:
  ///   - url: A file URL of a property list (XML, binary or OpenStep).
  ///   - sectionTitles: The section titles; nil keeps the current ones
  ///     (sections the file adds get an empty title).
  /// - Returns: The rows and sections removed, inserted and to reload.
  /// - Throws: ``DescriptorFormError``: `.unreadable` when the file cannot
  ///   be read, or any error of loading (see
  ///   ``init(propertyList:sectionTitles:configuration:)``), naming the
  ///   section and row. The form is left exactly as it was.
  /// - Complexity: O(n log n) for n descriptors, plus reading the file.
  @discardableResult
  public mutating func reload(contentsOf url: URL, sectionTitles: [String]? = nil) throws -> SectionedChange {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw DescriptorFormError(reason: .unreadable(error.localizedDescription))
    }
    return try reload(propertyListData: data, sectionTitles: sectionTitles)
  }

  /// Reloads the form from the bytes of a descriptor file, as
  /// ``reload(contentsOf:sectionTitles:)``.
  ///
  /// - Throws: ``DescriptorFormError``; the form is left as it was.
  /// - Complexity: O(n log n) for n descriptors.
  @discardableResult
  public mutating func reload(propertyListData data: Data, sectionTitles: [String]? = nil) throws -> SectionedChange {
    let fresh = try DescriptorForm(
      propertyListData: data, sectionTitles: _titles(sectionTitles), configuration: configuration)
    return _reload(from: fresh)
  }

  /// Reloads the form from a parsed property list, as
  /// ``reload(contentsOf:sectionTitles:)``.
  ///
  /// - Throws: ``DescriptorFormError``; the form is left as it was.
  /// - Complexity: O(n log n) for n descriptors.
  @discardableResult
  public mutating func reload(propertyList: PropertyListValue, sectionTitles: [String]? = nil) throws -> SectionedChange {
    let fresh = try DescriptorForm(
      propertyList: propertyList, sectionTitles: _titles(sectionTitles), configuration: configuration)
    return _reload(from: fresh)
  }

  /// The titles to give a reloaded form: the given ones, or the current
  /// ones (as many as there are sections).
  private func _titles(_ given: [String]?) -> [String] {
    given ?? (0 ..< numberOfSections).map(title(ofSection:))
  }

  /// Updates the outline to a freshly loaded form's, matching descriptors
  /// by identity.
  ///
  /// The engine matches nodes by an identity read from their values, and a
  /// descriptor's depends on where it sits; so for the update, each value
  /// carries its identity (a section's in its title, a cell's in a key of
  /// `otherFields` that no descriptor uses), and afterwards the values are
  /// put back. Nothing here throws: the file was checked when `fresh` was
  /// made.
  private mutating func _reload(from fresh: DescriptorForm) -> SectionedChange {
    let carrier = Self._unusedKey(in: [outline, fresh.outline])
    var outline = self.outline
    let oldNodes = Self._identities(of: outline)
    for (id, identity) in oldNodes { outline[id] = Self._carrying(identity, outline[id], carrier) }
    let newNodes = Self._identities(of: fresh.outline)
    var roots: [Item] = []
    var children: [String: [Item]] = [:]
    for (id, identity) in newNodes {
      let item = Self._carrying(identity, fresh.outline[id], carrier)
      if let parent = fresh.outline.parent(of: id) {
        children[newNodes.identity(of: parent), default: []].append(item)
      } else {
        roots.append(item)
      }
    }
    let identity = { (item: Item) in Self._carried(in: item, carrier) }
    let old = Set(oldNodes.ids)
    let change = outline.batch { outline in
      // Identities are unique by construction (orders count), so this cannot throw.
      try! outline.update(roots: roots, children: { children[identity($0)] ?? [] }, id: identity)
      // The outline now has the fresh form's shape: new nodes take its flags.
      for (id, freshID) in zip(Self._preorder(of: outline), Self._preorder(of: fresh.outline))
      where !old.contains(id) && fresh.outline.isExpanded(freshID) {
        outline.expand(id)
      }
    }
    for id in Self._preorder(of: outline) { outline[id] = fresh.outline[newNodes.freshID(of: identity(outline[id]))] }
    self.outline = outline
    _applyHeights()
    return _sectioned(change)
  }
}

// MARK: - Identities

extension DescriptorForm {
  /// Every node's identity, in preorder, with a lookup by node and by
  /// identity.
  fileprivate struct _Identities: Sequence {
    var ids: [NodeID] = []
    var identities: [String] = []
    var byID: [NodeID: String] = [:]
    var byIdentity: [String: NodeID] = [:]

    func identity(of id: NodeID) -> String { byID[id]! }
    func freshID(of identity: String) -> NodeID { byIdentity[identity]! }

    func makeIterator() -> Zip2Sequence<[NodeID], [String]>.Iterator { zip(ids, identities).makeIterator() }
  }

  /// The identities of a form's nodes: a section by number; a descriptor
  /// by its owner's identity (its section's for a row directly in it), its
  /// cell identifier, whether it is expandable, its titles but an
  /// expandable row's summary, and its order among siblings alike in all
  /// of that. Written as a JSON array, so that different parts never make
  /// the same text.
  fileprivate static func _identities(of outline: Outline<Item>) -> _Identities {
    var result = _Identities()
    var seen: [String: [String: Int]] = [:]  // per parent: how many alike siblings so far
    for id in _preorder(of: outline) {
      let identity: String
      switch outline[id] {
      case .section:
        identity = _json(["section", String(outline.indexInParent(of: id))])
      case .cell(let descriptor):
        let parent = result.identity(of: outline.parent(of: id)!)
        let what = [
          descriptor.cellIdentifier.rawValue, descriptor.isExpandable ? "expandable" : "plain",
          descriptor.secondaryTitle, descriptor.isExpandable ? "" : descriptor.primaryTitle,
        ]
        let kind = _json(what)
        let order = seen[parent, default: [:]][kind, default: 0]
        seen[parent, default: [:]][kind] = order + 1
        identity = _json([parent] + what + [String(order)])
      }
      result.ids.append(id)
      result.identities.append(identity)
      result.byID[id] = identity
      result.byIdentity[identity] = id
    }
    return result
  }

  /// The nodes in preorder.
  fileprivate static func _preorder(of outline: Outline<Item>) -> [NodeID] {
    var result: [NodeID] = []
    result.reserveCapacity(outline.nodeCount)
    var stack = Array(outline.roots.reversed())
    while let id = stack.popLast() {
      result.append(id)
      stack.append(contentsOf: outline.children(of: id).reversed())
    }
    return result
  }

  /// Strings as a JSON array: an encoding that keeps them apart.
  private static func _json(_ parts: [String]) -> String {
    let data = (try? JSONSerialization.data(withJSONObject: parts, options: [])) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }

  /// A key of `otherFields` that no descriptor of these outlines uses.
  fileprivate static func _unusedKey(in outlines: [Outline<Item>]) -> String {
    var used = Set<String>()
    for outline in outlines {
      for id in _preorder(of: outline) {
        if let descriptor = outline[id].descriptor { used.formUnion(descriptor.otherFields.keys) }
      }
    }
    var key = "outline.identity"
    while used.contains(key) { key += "'" }
    return key
  }

  /// The value with its identity attached: a section's before its title
  /// (a newline apart: identities hold none), a cell's in `carrier`.
  fileprivate static func _carrying(_ identity: String, _ item: Item, _ carrier: String) -> Item {
    switch item {
    case .section(let title):
      return .section(title: identity + "\n" + title)
    case .cell(var descriptor):
      descriptor.otherFields[carrier] = .string(identity)
      return .cell(descriptor)
    }
  }

  /// The identity a value carries.
  fileprivate static func _carried(in item: Item, _ carrier: String) -> String {
    switch item {
    case .section(let title):
      return String(title.prefix { $0 != "\n" })
    case .cell(let descriptor):
      guard case .string(let identity)? = descriptor.otherFields[carrier] else { return "" }
      return identity
    }
  }
}
