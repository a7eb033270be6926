extension Outline {
  /// The outline as a table view with sections wants it: each root is a
  /// section.
  ///
  /// ```swift
  /// let sections = outline.sections(style: .firstRow)
  /// func numberOfSections(in tableView: UITableView) -> Int { sections.count }
  /// func tableView(_ tableView: UITableView, numberOfRowsInSection s: Int) -> Int {
  ///   sections.numberOfRows(inSection: s)
  /// }
  /// // After a mutation: mutate first, then make the view and convert.
  /// let change = outline.toggle(id)
  /// let sectioned = outline.sections(style: .firstRow).convert(change)
  /// ```
  ///
  /// - Parameter style: Whether a root is its section's header or its first
  ///   row.
  /// - Complexity: O(1).
  @inlinable
  public func sections(style: SectionHeaderStyle) -> Sections {
    Sections(core: _core, style: style)
  }

  /// A sectioned view of an outline: each root is a section, drawn as the
  /// section's header or as its first row.
  ///
  /// It is a snapshot: it describes the outline as it was when it was made.
  /// Make a new one after each mutation (it costs O(1)).
  public struct Sections {
    @usableFromInline internal let _core: _OutlineCore

    /// Whether roots are headers or first rows.
    public let style: SectionHeaderStyle

    @usableFromInline
    internal init(core: _OutlineCore, style: SectionHeaderStyle) {
      _core = core
      self.style = style
    }

    /// The number of sections: the number of roots (that pass the filter,
    /// when one is set).
    ///
    /// - Complexity: O(1).
    @inlinable
    public var count: Int { _core.index.includedRootCount }

    /// The number of rows in a section: the root's visible descendants, plus
    /// the root itself in `.firstRow` style.
    ///
    /// - Precondition: `0 <= section < count`.
    /// - Complexity: O(log n).
    @inlinable
    public func numberOfRows(inSection section: Int) -> Int {
      _core.numberOfRows(inSection: section, style: style)
    }

    /// The root that heads a section.
    ///
    /// - Precondition: `0 <= section < count`.
    /// - Complexity: O(log n).
    @inlinable
    public func root(ofSection section: Int) -> NodeID {
      let position = _core.rootPosition(section)
      return NodeID(key: _core.index.key(at: position), position: position)
    }

    /// The node at an index path.
    ///
    /// - Precondition: the index path is in range.
    /// - Complexity: O(log n).
    @inlinable
    public func id(at indexPath: OutlineIndexPath) -> NodeID {
      let position = _core.position(at: indexPath, style: style)
      return NodeID(key: _core.index.key(at: position), position: position)
    }

    /// The index path of a node, or nil when it is hidden, or is a root in
    /// `.header` style (a header, not a row).
    ///
    /// - Precondition: `id` names a node of the outline.
    /// - Complexity: O(log n).
    @inlinable
    public func indexPath(of id: NodeID) -> OutlineIndexPath? {
      _core.indexPath(of: _position(id), style: style)
    }

    /// The section a node belongs to: the index of its root.
    ///
    /// - Precondition: `id` names a node of the outline, whose root passes
    ///   the filter (a root the filter excludes has no section).
    /// - Complexity: O(log n).
    @inlinable
    public func section(of id: NodeID) -> Int {
      _core.section(of: _position(id))
    }

    /// Converts a change of the outline into section form.
    ///
    /// `change` must be the change that brought the outline to the state
    /// this view shows: make the view after the mutation.
    ///
    /// ```swift
    /// let change = outline.batch { $0.remove(id) }
    /// let sectioned = outline.sections(style: .header).convert(change)
    /// tableView.performBatchUpdates {
    ///   tableView.deleteSections(IndexSet(sectioned.deletedSections), with: .fade)
    ///   tableView.deleteRows(at: sectioned.deletedRows.map { IndexPath(row: $0.row, section: $0.section) }, with: .fade)
    ///   ...
    /// }
    /// ```
    ///
    /// A change that cannot have led to the outline this view shows (its
    /// rows do not fit) traps with a message saying so: the usual cause is a
    /// view made before the mutation, as in
    /// `outline.sections(style: .header).convert(outline.toggle(id))`, where
    /// the view is made first.
    ///
    /// - Complexity: O((r + k) log n) for r ranges and k rows in the change.
    @inlinable
    public func convert(_ change: OutlineChange) -> SectionedChange {
      _core.sectioned(change, style: style)
    }

    @inlinable
    internal func _position(_ id: NodeID) -> UInt32 {
      guard let position = _core.index.livePosition(ofKey: id.key, hint: id.hint) else {
        _failRequirement("Outline.Sections: NodeID \(id) does not name a node of this outline")
      }
      return position
    }
  }
}
